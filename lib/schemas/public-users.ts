import { z } from "zod";
import { userSchema } from "./users";

// A user as seen through `GET /users/{id}`: the same shape as `userSchema`, except that the email
// is only given to the user themself and to admins (null for everyone else), and addresses are
// only listed for the user themself (empty for everyone else).
export const publicUserSchema = userSchema.extend({
  email: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/**
 * A user in a list (people I follow, the admin search, the verification queue): the profile
 * without the follow lists. `email` and `ban` follow the same visibility rule as above.
 */
export const userSummarySchema = userSchema
  .pick({
    _id: true,
    name: true,
    accountType: true,
    verified: true,
    bio: true,
    profileImage: true,
    profileImageSizes: true,
    impact: true,
    requestingVerification: true,
    followersCount: true,
    ban: true,
    createdAt: true,
  })
  .extend({ email: z.string().nullable() });
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userSummaryPageSchema = z.object({ items: z.array(userSummarySchema), nextCursor: z.string().nullable() });
export type UserSummaryPage = z.infer<typeof userSummaryPageSchema>;
