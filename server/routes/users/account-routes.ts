import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import { registerDocumentSchema, signUpPayloadSchema, userSchema } from "../../../lib/schemas/users";
import { currentUser, identityOf, type Identity } from "../../plugins/auth";
import { badRequest, conflict, forbidden, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { readUploadedForm, registerUploads } from "../../plugins/uploads";
import { assertNoNulCharacter, toApiIssues } from "../../plugins/validation";
import { processImage, type ImageKind } from "../../storage/images";
import { routeOptions } from "../routing";
import type { ImageSlot } from "./repository";
import type { UserRow } from "./rows";
import { EMAIL_TAKEN, ownProfileAnswer, type UsersRoutesOptions } from "./shared";

// Making a profile (sign-up, with or without a picture) and changing its pictures.

const NO_EMAIL_IN_TOKEN = "Tu sesión no tiene un correo. Inicia sesión con correo y contraseña, Google o Apple para registrarte.";
const MISSING_IMAGE = "Falta la imagen: envíala en el campo 'file'.";

const IMAGE_FIELDS = {
  profile: ["file", "fileProfileImage", "image"],
  cover: ["file", "fileCoverImage", "image"],
} as const satisfies Record<ImageSlot, readonly string[]>;
const IMAGE_KIND: Record<ImageSlot, ImageKind> = { profile: "avatar", cover: "cover" };

/** A token must carry an email to claim one (anonymous or phone sessions cannot). */
function assertSignUpIdentity(identity: Identity, uid: string, email: string): void {
  if (uid !== identity.uid) throw forbidden("El uid no corresponde a tu sesión.");
  if (identity.email === null) throw forbidden(NO_EMAIL_IN_TOKEN);
  if (identity.email.toLowerCase() !== email.toLowerCase()) throw forbidden("El correo no corresponde a tu sesión.");
}

export const accountRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, images, database }) => {
  // Sign-up and one's own pictures answer one's own profile, saved addresses included.
  const profileOf = (row: UserRow) => ownProfileAnswer(users, database, row);

  async function storeImage(slot: ImageSlot, userId: string, data: Buffer): Promise<UserRow> {
    const processed = await processImage(IMAGE_KIND[slot], data);
    const stored = await images.save(processed);
    const result = await users.setImage(userId, slot, stored).catch(async (error: unknown) => {
      await images.remove(stored);
      throw error;
    });
    if (!result) {
      await images.remove(stored);
      throw notFound(USER_NOT_FOUND);
    }
    await images.remove(result.previous);
    return result.user;
  }

  app.post(
    "/sign-up",
    routeOptions("users", "identity", {
      summary: "Registrar el perfil del usuario de la sesión (registro de usuario)",
      description:
        "Crea el perfil ligado al uid del token; es la llamada «registrar usuario». El token debe traer un correo (una sesión anónima o por teléfono no puede reclamar uno) y coincidir con `uid` y `email`. Repetirla con el mismo uid devuelve el perfil existente (200).",
      body: signUpPayloadSchema,
      data: { 200: userSchema, 201: userSchema },
      errors: [400, 401, 403, 409],
    }),
    async (request, reply) => {
      const { name, uid, email } = request.body;
      assertSignUpIdentity(identityOf(request), uid, email);
      const result = await users.create({ id: uid, name, email });
      if (result.status === "email_taken") throw conflict(EMAIL_TAKEN);
      return reply.code(result.status === "created" ? 201 : 200).send({ data: await profileOf(result.user) });
    },
  );

  await app.register(async (uploads) => {
    await registerUploads(uploads);

    uploads.post(
      // "" (not "/") so the path is exactly /users, without a trailing-slash twin.
      "",
      routeOptions("users", "identity", {
        summary: "Registrar el perfil con imagen de perfil (multipart)",
        description:
          "multipart/form-data con `fileProfileImage` (JPEG, PNG, WebP o AVIF, máx. 8 MB; opcional) y `document`: un JSON con los datos del registro `{ name, uid, email, bio? }`. Mismas reglas que POST /users/sign-up; si el perfil ya existe lo devuelve sin cambios (200) y la imagen se ignora (usa PUT /users/profile-image).",
        consumes: ["multipart/form-data"],
        data: { 200: userSchema, 201: userSchema },
        errors: [400, 401, 403, 409, 413, 415],
      }),
      async (request, reply) => {
        const form = await readUploadedForm(request, ["fileProfileImage", "file"]);
        if (form.fields.document === undefined) throw badRequest("Falta el campo 'document' con los datos del registro en JSON.");
        let raw: unknown;
        try {
          raw = JSON.parse(form.fields.document);
        } catch {
          throw badRequest("El campo 'document' no es JSON válido.");
        }
        assertNoNulCharacter(raw, ["document"]);
        const parsed = registerDocumentSchema.safeParse(raw);
        if (!parsed.success) {
          throw badRequest("Los datos enviados no son válidos.", ERROR_CODES.VALIDATION, toApiIssues(parsed.error).map((i) => ({ ...i, path: ["document", ...i.path] })));
        }
        const { name, uid, email, bio } = parsed.data;
        assertSignUpIdentity(identityOf(request), uid, email);
        // Check the picture before creating anything, so a bad file leaves no half-made account.
        const processed = form.file ? await processImage("avatar", form.file.data) : null;
        const result = await users.create({ id: uid, name, email, bio: bio ?? null });
        if (result.status === "email_taken") throw conflict(EMAIL_TAKEN);
        if (result.status === "exists" || !processed) {
          return reply.code(result.status === "created" ? 201 : 200).send({ data: await profileOf(result.user) });
        }
        const stored = await images.save(processed);
        const updated = await users.setImage(uid, "profile", stored);
        return reply.code(201).send({ data: await profileOf(updated?.user ?? result.user) });
      },
    );

    for (const slot of ["profile", "cover"] as const) {
      uploads.put(
        slot === "profile" ? "/profile-image" : "/cover-image",
        routeOptions("users", "writer", {
          summary: slot === "profile" ? "Cambiar la imagen de perfil (multipart)" : "Cambiar la imagen de portada (multipart)",
          description:
            `multipart/form-data con la imagen en el campo \`file\` (también \`${IMAGE_FIELDS[slot][1]}\`): JPEG, PNG, WebP o AVIF, máx. 8 MB. ` +
            (slot === "profile"
              ? "Se recorta cuadrada en 96, 256 y 512 px (WebP, sin EXIF); `profileImage` es la de 256 y `profileImageSizes` tiene todas."
              : "Se redimensiona a 640, 1280 y 1920 px de ancho (WebP, sin EXIF); `coverImage` es la de 1280 y `coverImageSizes` tiene todas."),
          consumes: ["multipart/form-data"],
          data: { 200: userSchema },
          errors: [400, 401, 403, 413, 415],
        }),
        async (request) => {
          const me = await currentUser(request);
          const form = await readUploadedForm(request, IMAGE_FIELDS[slot]);
          if (!form.file) throw badRequest(MISSING_IMAGE);
          const updated = await storeImage(slot, me.id, form.file.data);
          return { data: await profileOf(updated) };
        },
      );
    }
  });
};
