import { z } from "zod";
import { ACCESSIBILITY_FEATURES, accessibilityFeaturesSchema } from "./accessibility";
import { ACCOUNT_TYPES, isAdminAccount } from "./constants";
import { HTTP_URL_MESSAGE, isHttpUrl } from "./link-checks";
import { followResultSchema as followStateSchema } from "./content";

// User contract (docs/product.md#entities). The server answers with this shape; the client adds
// `isAdmin`.
export { ACCOUNT_TYPES, isAdminAccount };
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const followingSchema = z.object({
  users: z.array(z.string()),
  events: z.array(z.string()),
  places: z.array(z.string()),
  news: z.array(z.string()),
  communities: z.array(z.string()),
  /** Tag ids (not slugs: an admin may rename a slug). */
  tags: z.array(z.string()),
});
export type Following = z.infer<typeof followingSchema>;

/**
 * Verification types a person can ask for (POST /users/requestVerification), with the label the
 * client shows. Slugs are plain ASCII so they are safe in URLs and filters.
 */
export const VERIFICATION_TYPES = ["artista", "colectivo", "lugar", "institucion", "medio", "comunidad", "organizador"] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];
export const VERIFICATION_TYPE_LABELS: Record<VerificationType, string> = {
  artista: "Artista o creador",
  colectivo: "Colectivo artístico o cultural",
  lugar: "Lugar o espacio cultural",
  institucion: "Institución pública o educativa",
  medio: "Medio de comunicación",
  comunidad: "Comunidad u organización civil",
  organizador: "Organizador de eventos",
};
export const verificationTypeSchema = z.enum(VERIFICATION_TYPES, `Tipo de verificación no válido. Opciones: ${VERIFICATION_TYPES.join(", ")}.`);

/** Impact: an integer score admins set (POST /users/changeImpact). */
export const IMPACT_MIN = 0;
export const IMPACT_MAX = 100;

export const requestingVerificationSchema = z.object({
  /** A request is waiting in the admins' queue. */
  sent: z.boolean(),
  /** Type of the pending request, else of the granted verification, else of the last request. */
  type: z.string().nullable(),
  requestedAt: z.string().nullable(),
  /** Why the last request was rejected (cleared by a new request or an approval). */
  rejectionReason: z.string().nullable(),
});

export const profileLinkSchema = z.object({ label: z.string(), url: z.string() });
export type ProfileLink = z.infer<typeof profileLinkSchema>;

/** Every stored size of an image, by size label ("96", "256", …) → URL; for srcset. */
export const imageSizesSchema = z.record(z.string(), z.string()).nullable();

export const banSchema = z.object({ reason: z.string(), endDate: z.string() });

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
  links: z.array(profileLinkSchema),
  profileImageSizes: imageSizesSchema,
  coverImageSizes: imageSizesSchema,
  /** People who follow this user. */
  followersCount: z.number().int(),
  /** Users this user follows (following.users.length). */
  followingCount: z.number().int(),
  /** The running ban; only shown to the user themself and to admins (null otherwise). */
  ban: banSchema.nullable(),
  /** The features the person needs (lib/schemas/accessibility.ts); only in their own answers, empty elsewhere. */
  accessibilityNeeds: z.array(z.enum(ACCESSIBILITY_FEATURES)),
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

// Profile fields (PUT /users/my-data); all optional, at least one.
export const BIO_MAX = 500;
export const LINKS_MAX = 5;
const httpUrl = z
  .string()
  .trim()
  .max(500, "El enlace admite hasta 500 caracteres.")
  .url("El enlace no es una dirección web válida.")
  .refine(isHttpUrl, HTTP_URL_MESSAGE);

export const updateProfilePayloadSchema = z
  .object({
    name: z.string().trim().min(1, "El nombre es obligatorio.").max(NAME_MAX, `El nombre admite hasta ${NAME_MAX} caracteres.`).optional(),
    bio: z.string().trim().max(BIO_MAX, `La biografía admite hasta ${BIO_MAX} caracteres.`).nullable().optional(),
    links: z
      .array(
        z
          .object({
            label: z.string().trim().min(1, "El nombre del enlace es obligatorio.").max(40, "El nombre del enlace admite hasta 40 caracteres."),
            url: httpUrl,
          })
          .strict(),
      )
      .max(LINKS_MAX, `Puedes agregar hasta ${LINKS_MAX} enlaces.`)
      .optional(),
    accessibilityNeeds: accessibilityFeaturesSchema.optional(),
  })
  .strict()
  .refine((value) => Object.keys(value).length > 0, "Envía al menos un campo del perfil: name, bio, links o accessibilityNeeds.");
export type UpdateProfilePayload = z.infer<typeof updateProfilePayloadSchema>;

/** The multipart `document` field of POST /users: the sign-up payload plus an optional bio. */
export const registerDocumentSchema = signUpPayloadSchema.extend({
  bio: z.string().trim().max(BIO_MAX, `La biografía admite hasta ${BIO_MAX} caracteres.`).nullable().optional(),
}).strict();
export type RegisterDocument = z.infer<typeof registerDocumentSchema>;

/** docs/product.md#validation: the message when a call comes without the user id it acts on. */
export const ID_REQUIRED_MESSAGE = "ID required";
export const requiredUserId = z
  .string({ error: ID_REQUIRED_MESSAGE })
  .trim()
  .min(1, ID_REQUIRED_MESSAGE)
  .max(128, "El identificador no es válido.");

export const googleTokensPayloadSchema = z
  .object({
    accessToken: z.string().max(4096).nullable().optional(),
    idToken: z.string().max(8192).nullable().optional(),
    providerId: z.string().trim().min(1, "El proveedor es obligatorio.").max(64),
  })
  .strict();

export const storedResultSchema = z.object({ stored: z.boolean() });

/** `POST /users/follow/{id}/user`: the follow state of content, plus whom it is about. */
export const followResultSchema = followStateSchema.extend({ userId: z.string() });
export type UserFollowResult = z.infer<typeof followResultSchema>;

export const requestVerificationPayloadSchema = z.object({ type: verificationTypeSchema }).strict();

export const verifyPayloadSchema = z
  .object({ userId: requiredUserId, type: verificationTypeSchema.nullable().optional() })
  .strict();
export const userIdPayloadSchema = z.object({ userId: requiredUserId }).strict();

export const REASON_MAX = 500;
const reason = z
  .string({ error: "El motivo es obligatorio." })
  .trim()
  .min(1, "El motivo es obligatorio.")
  .max(REASON_MAX, `El motivo admite hasta ${REASON_MAX} caracteres.`);

export const rejectVerificationPayloadSchema = z.object({ userId: requiredUserId, reason }).strict();

export const banPayloadSchema = z
  .object({
    userId: requiredUserId,
    reason,
    endDate: z.iso.datetime({ offset: true, error: "La fecha de fin no es válida; usa el formato ISO 8601." }),
  })
  .strict();

export const changeImpactPayloadSchema = z
  .object({
    userId: requiredUserId,
    impact: z
      .number({ error: `El impacto debe ser un número entero entre ${IMPACT_MIN} y ${IMPACT_MAX}.` })
      .int(`El impacto debe ser un número entero entre ${IMPACT_MIN} y ${IMPACT_MAX}.`)
      .min(IMPACT_MIN, `El impacto debe ser un número entero entre ${IMPACT_MIN} y ${IMPACT_MAX}.`)
      .max(IMPACT_MAX, `El impacto debe ser un número entero entre ${IMPACT_MIN} y ${IMPACT_MAX}.`),
  })
  .strict();

/** Booleans in query strings: only the words true and false. */
export const queryBoolean = z.enum(["true", "false"], "Usa true o false.").transform((value) => value === "true");

export const verifyQuerySchema = z.object({ unverify: queryBoolean.optional() }).strict();
export const setAsAdminQuerySchema = z.object({ remove: queryBoolean.optional() }).strict();
export const followQuerySchema = z.object({ unfollow: queryBoolean.optional() }).strict();

/** Admin search (GET /users). */
export const USERS_PAGE_MAX = 100;
export const adminUsersQuerySchema = z
  .object({
    search: z.string().trim().max(100, "La búsqueda admite hasta 100 caracteres.").optional(),
    role: accountTypeSchema.optional(),
    verified: queryBoolean.optional(),
    banned: queryBoolean.optional(),
    cursor: z.string().trim().min(1).max(512).optional(),
    limit: z.coerce
      .number()
      .int("El límite debe ser un número entero.")
      .min(1, "El límite debe ser al menos 1.")
      .max(USERS_PAGE_MAX, `El límite admite hasta ${USERS_PAGE_MAX}.`)
      .optional(),
  })
  .strict();

export const verificationQueueQuerySchema = adminUsersQuerySchema.pick({ cursor: true, limit: true }).strict();

/** Admin account creation (POST /users/admin-create): NORMAL or ADMIN; MASTER only by command. */
export const PASSWORD_MIN = 8;
export const adminCreateUserPayloadSchema = z
  .object({
    email: z.string().trim().email("El correo no es válido."),
    password: z.string().min(PASSWORD_MIN, `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.`).max(128),
    name: z.string().trim().min(1, "El nombre es obligatorio.").max(NAME_MAX, `El nombre admite hasta ${NAME_MAX} caracteres.`),
    accountType: z.enum(["NORMAL", "ADMIN"], "El tipo de cuenta debe ser NORMAL o ADMIN.").default("NORMAL"),
    verified: z.boolean().optional(),
  })
  .strict();
export type AdminCreateUserPayload = z.infer<typeof adminCreateUserPayloadSchema>;

/** Initial data fetched once per start when a user is signed in (docs/product.md#startup). */
export const initialDataSchema = z.object({
  banned: z.boolean(),
  ban: z.object({ reason: z.string(), endDate: z.string() }).nullable(),
  user: userSchema.nullable(),
});
export type InitialData = z.infer<typeof initialDataSchema>;

