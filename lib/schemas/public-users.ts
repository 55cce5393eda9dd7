import { z } from "zod";
import { userSchema } from "./users";

// A user as seen through `GET /users/{id}`: the same shape as `userSchema`, except that the email
// is only given to the user themself and to admins (null for everyone else), and addresses are
// only listed for the user themself (empty for everyone else).
export const publicUserSchema = userSchema.extend({
  email: z.string().nullable(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
