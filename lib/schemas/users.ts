import { z } from "zod";
import { ACCOUNT_TYPES, isAdminAccount } from "./constants";

// User contract (SPEC §3). The server answers with this shape; the client adds `isAdmin`.
export { ACCOUNT_TYPES, isAdminAccount };
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const followingSchema = z.object({
  users: z.array(z.string()),
  events: z.array(z.string()),
  places: z.array(z.string()),
  news: z.array(z.string()),
  communities: z.array(z.string()),
});
export type Following = z.infer<typeof followingSchema>;

export const requestingVerificationSchema = z.object({
  sent: z.boolean(),
  type: z.string().nullable(),
});

export const userSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  accountType: accountTypeSchema,
  verified: z.boolean(),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  coverImage: z.string().nullable(),
  impact: z.number().int(),
  addresses: z.array(z.object({ _id: z.string() }).passthrough()),
  following: followingSchema,
  requestingVerification: requestingVerificationSchema,
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const NAME_MAX = 80;

export const signUpPayloadSchema = z
  .object({
    name: z.string().trim().min(1, "El nombre es obligatorio.").max(NAME_MAX, `El nombre admite hasta ${NAME_MAX} caracteres.`),
    uid: z.string().min(1, "El uid es obligatorio."),
    email: z.string().trim().email("El correo no es válido."),
  })
  .strict();
export type SignUpPayload = z.infer<typeof signUpPayloadSchema>;

/** Initial data fetched once per start when a user is signed in (SPEC §4 Startup). */
export const initialDataSchema = z.object({
  banned: z.boolean(),
  ban: z.object({ reason: z.string(), endDate: z.string() }).nullable(),
  user: userSchema.nullable(),
});
export type InitialData = z.infer<typeof initialDataSchema>;

