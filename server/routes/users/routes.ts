import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import { NOTIFICATION_KINDS } from "../../../lib/schemas/notifications";
import { publicUserSchema, userSummarySchema } from "../../../lib/schemas/public-users";
import {
  followQuerySchema,
  followResultSchema,
  googleTokensPayloadSchema,
  initialDataSchema,
  notificationTokenPayloadSchema,
  registerDocumentSchema,
  requestVerificationPayloadSchema,
  requiredUserId,
  signUpPayloadSchema,
  storedResultSchema,
  updateProfilePayloadSchema,
  userSchema,
} from "../../../lib/schemas/users";
import type { UserRow } from "./rows";
import { currentUser, forbidBanned, identityOf, optionalIdentity, requireIdentity, requireUser, type Identity } from "../../plugins/auth";
import { badRequest, conflict, forbidden, HttpError, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { readUploadedForm, registerUploads } from "../../plugins/uploads";
import { assertNoNulCharacter, bodyDefaultsToObject, toApiIssues } from "../../plugins/validation";
import { processImage, type ImageKind } from "../../storage/images";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { notifyUsers } from "../notifications/service";
import { adminUsersRoutes } from "./admin-routes";
import { EMAIL_TAKEN, profileAnswer, type UsersRoutesOptions } from "./shared";
import { toInitialData, toPublicUser, toUserSummary } from "./mappers";
import { isRecentSignIn, SIGN_IN_AGAIN_MESSAGE } from "./recent-sign-in";
import type { ImageSlot } from "./repository";

const NO_EMAIL_IN_TOKEN = "Tu sesión no tiene un correo. Inicia sesión con correo y contraseña, Google o Apple para registrarte.";
const CANNOT_FOLLOW_SELF = "No puedes seguirte a ti mismo.";
const ALREADY_VERIFIED = "Tu cuenta ya está verificada.";
// The command that removes the role is in docs/authorization.md; people only need to know why.
const MASTER_CANNOT_LEAVE = "Una cuenta MASTER no puede borrarse. Quien administra el servidor debe quitarle ese rol primero.";
const MISSING_IMAGE = "Falta la imagen: envíala en el campo 'file'.";

// Firebase uids are at most 128 characters.
const userIdParams = z.object({ id: z.string().min(1).max(128) }).strict();
const followParams = z.object({ id: requiredUserId }).strict();

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

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  const { users, database, images, auth, notifications } = options;

  const profileOf = (row: UserRow) => profileAnswer(users, row);

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
    {
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Registrar el perfil del usuario de la sesión (registro de usuario)",
        description:
          "Crea el perfil ligado al uid del token; es la llamada «registrar usuario». El token debe traer un correo (una sesión anónima o por teléfono no puede reclamar uno) y coincidir con `uid` y `email`. Repetirla con el mismo uid devuelve el perfil existente (200).",
        security: bearerSecurity,
        body: signUpPayloadSchema,
        response: { 200: envelope(userSchema), 201: envelope(userSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
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
      {
        onRequest: requireIdentity,
        schema: {
          tags: ["users"],
          summary: "Registrar el perfil con imagen de perfil (multipart)",
          description:
            "multipart/form-data con `fileProfileImage` (JPEG, PNG, WebP o AVIF, máx. 8 MB; opcional) y `document`: un JSON con los datos del registro `{ name, uid, email, bio? }`. Mismas reglas que POST /users/sign-up; si el perfil ya existe lo devuelve sin cambios (200) y la imagen se ignora (usa PUT /users/profile-image).",
          security: bearerSecurity,
          consumes: ["multipart/form-data"],
          response: { 200: envelope(userSchema), 201: envelope(userSchema), ...errorResponses(400, 401, 403, 409, 413, 415) },
        },
      },
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
        {
          onRequest: [requireUser, forbidBanned],
          schema: {
            tags: ["users"],
            summary: slot === "profile" ? "Cambiar la imagen de perfil (multipart)" : "Cambiar la imagen de portada (multipart)",
            description:
              `multipart/form-data con la imagen en el campo \`file\` (también \`${IMAGE_FIELDS[slot][1]}\`): JPEG, PNG, WebP o AVIF, máx. 8 MB. ` +
              (slot === "profile"
                ? "Se recorta cuadrada en 96, 256 y 512 px (WebP, sin EXIF); `profileImage` es la de 256 y `profileImageSizes` tiene todas."
                : "Se redimensiona a 640, 1280 y 1920 px de ancho (WebP, sin EXIF); `coverImage` es la de 1280 y `coverImageSizes` tiene todas."),
            security: bearerSecurity,
            consumes: ["multipart/form-data"],
            response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 413, 415) },
          },
        },
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

  app.get(
    "/initial-data",
    {
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Datos iniciales tras iniciar sesión",
        description:
          "Indica si la cuenta está suspendida (`banned`, con motivo y fecha de fin) y devuelve el perfil (null si aún no se registra). Nunca se guarda en caché.",
        security: bearerSecurity,
        response: { 200: envelope(initialDataSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const row = await request.loadCurrentUser();
      if (!row) return { data: toInitialData(null, null, 0) };
      const { following, followersCount } = await users.relationsOf(row.id);
      return { data: toInitialData(row, following, followersCount) };
    },
  );

  app.get(
    "/my-data",
    {
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Perfil del usuario de la sesión",
        security: bearerSecurity,
        response: { 200: envelope(userSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const row = await request.loadCurrentUser();
      if (!row) throw notFound(USER_NOT_FOUND);
      return { data: await profileOf(row) };
    },
  );

  app.put(
    "/my-data",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["users"],
        summary: "Editar el perfil propio",
        description: "Campos del perfil: `name`, `bio` (null la borra) y `links` (hasta 5 `{ label, url }` http/https; la lista reemplaza a la anterior).",
        security: bearerSecurity,
        body: updateProfilePayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const updated = await users.updateProfile(me.id, request.body);
      if (!updated) throw notFound(USER_NOT_FOUND);
      return { data: await profileOf(updated) };
    },
  );

  app.get(
    "/following/users",
    {
      onRequest: requireUser,
      schema: {
        tags: ["users"],
        summary: "Usuarios que sigo",
        description: "Resúmenes de perfil, el seguido más reciente primero (hasta 1000).",
        security: bearerSecurity,
        response: { 200: envelope(z.array(userSummarySchema)), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const rows = await users.followedUsers(me.id);
      const counts = await users.followersCounts(rows.map((r) => r.id));
      return { data: rows.map((row) => toUserSummary(row, counts.get(row.id) ?? 0, me)) };
    },
  );

  app.post(
    "/accessToken",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["users"],
        summary: "Guardar los tokens de Google (calendario)",
        description:
          "Guarda `accessToken` e `idToken` del proveedor `providerId` (p. ej. google.com) para leer su calendario. Sin ambos tokens no hace nada y responde `{ stored: false }`.",
        security: bearerSecurity,
        body: googleTokensPayloadSchema,
        response: { 200: envelope(storedResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const { accessToken, idToken, providerId } = request.body;
      if (!accessToken || !idToken) return { data: { stored: false } };
      await users.saveProviderTokens(me.id, providerId, accessToken, idToken);
      return { data: { stored: true } };
    },
  );

  app.post(
    "/notificationToken",
    {
      onRequest: [requireUser, forbidBanned],
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["users"],
        summary: "Guardar el token de notificaciones del dispositivo",
        description: "Solo se guarda si viene `notificationToken`; si falta o está vacío responde `{ stored: false }`.",
        security: bearerSecurity,
        body: notificationTokenPayloadSchema,
        response: { 200: envelope(storedResultSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const token = request.body.notificationToken;
      if (!token) return { data: { stored: false } };
      await users.saveNotificationToken(me.id, token);
      return { data: { stored: true } };
    },
  );

  app.post(
    "/follow/:id/user",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["users"],
        summary: "Seguir o dejar de seguir a un usuario",
        description:
          "`?unfollow=true` deja de seguir. Idempotente: repetirla deja el mismo estado. Un seguimiento nuevo avisa a la persona ('X empezó a seguirte'), una sola vez.",
        security: bearerSecurity,
        params: followParams,
        querystring: followQuerySchema,
        response: { 200: envelope(followResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const targetId = request.params.id;
      const unfollow = request.query.unfollow === true;
      if (targetId === me.id) throw badRequest(CANNOT_FOLLOW_SELF);
      const target = await users.findById(targetId);
      if (!target) throw notFound(USER_NOT_FOUND);
      if (unfollow) {
        await users.unfollow(me.id, target.id);
      } else if (await users.follow(me.id, target.id)) {
        await notifyUsers(database, [
          {
            userId: target.id,
            kind: NOTIFICATION_KINDS.FOLLOW,
            title: "Nuevo seguidor",
            body: `${me.name} empezó a seguirte`,
            link: `/profile/${me.id}`,
            data: { actorId: me.id },
            // Follow, unfollow, follow again: one notification, not one per tap.
            idempotencyKey: `follow:${me.id}`,
          },
        ]);
      }
      return { data: { userId: target.id, following: !unfollow, followersCount: await users.followersCount(target.id) } };
    },
  );

  app.post(
    "/requestVerification",
    {
      onRequest: [requireUser, forbidBanned],
      schema: {
        tags: ["users"],
        summary: "Pedir la verificación de la cuenta",
        description:
          "`type`: artista, colectivo, lugar, institucion, medio, comunidad u organizador. Pone la solicitud en la cola de los administradores; repetirla solo cambia el tipo. 409 si la cuenta ya está verificada.",
        security: bearerSecurity,
        body: requestVerificationPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      if (me.verified) throw conflict(ALREADY_VERIFIED);
      const updated = await users.requestVerification(me.id, request.body.type);
      if (!updated) throw notFound(USER_NOT_FOUND);
      return { data: await profileOf(updated) };
    },
  );

  app.get(
    "/delete-account/confirm",
    {
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Confirmar que se puede borrar la cuenta",
        description:
          "true si el último inicio de sesión del token (`auth_time`) fue hace menos de 10 minutos y el mismo día (America/Monterrey); si no, hay que volver a iniciar sesión.",
        security: bearerSecurity,
        response: { 200: envelope(z.boolean()), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: isRecentSignIn(identityOf(request).authTime) }),
  );

  app.delete(
    "/delete-account",
    {
      // Not refused to banned users: leaving the platform is always possible.
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Borrar la cuenta propia",
        description:
          "Exige un inicio de sesión reciente (ver /users/delete-account/confirm; si no, 403 'Vuelve a iniciar sesión para hacer esto'). Borra la identidad en Firebase Auth, el perfil, seguimientos, notificaciones, tokens e imágenes, y los eventos y noticias que publicó; los lugares y comunidades que creó se conservan sin autor ('Cuenta eliminada'). Una cuenta MASTER no puede borrarse (403).",
        security: bearerSecurity,
        response: { 200: envelope(z.object({ deleted: z.literal(true) })), ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      // The owner role cannot vanish with one click: a MASTER is demoted by command first.
      if ((await request.loadCurrentUser())?.accountType === "MASTER") throw forbidden(MASTER_CANNOT_LEAVE);
      if (!isRecentSignIn(identity.authTime)) throw forbidden(SIGN_IN_AGAIN_MESSAGE, ERROR_CODES.RECENT_SIGN_IN_REQUIRED);
      const deleted = await users.deleteAccount(identity.uid);
      if (deleted) {
        await images.remove(deleted.profileImageSet);
        await images.remove(deleted.coverImageSet);
        await notifications.publishDisconnect(identity.uid).catch((error: unknown) => request.log.warn({ err: error }, "Aviso de cierre de streams fallido"));
      }
      try {
        await auth.deleteUser(identity.uid);
      } catch (error) {
        // Already gone (a retried deletion) is the goal reached; anything else must be retried.
        if ((error as { code?: string }).code !== "auth/user-not-found") {
          request.log.error({ err: error }, "No se pudo borrar la identidad en Firebase Auth");
          throw new HttpError(502, ERROR_CODES.INTERNAL, "No se pudo borrar tu acceso. Inténtalo de nuevo.");
        }
      }
      return { data: { deleted: true as const } };
    },
  );

  await app.register(adminUsersRoutes, { users, notifications, database, images, auth });

  // Last, so the fixed paths above are never read as an id (the router prefers them anyway).
  app.get(
    "/:id",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["users"],
        summary: "Perfil público de un usuario",
        description: "El correo y la suspensión solo se incluyen para el propio usuario y para administradores.",
        params: userIdParams,
        response: { 200: envelope(publicUserSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await users.findById(request.params.id);
      if (!row) throw notFound(USER_NOT_FOUND);
      const viewer = await request.loadCurrentUser();
      const { following, followersCount } = await users.relationsOf(row.id);
      return { data: toPublicUser(row, following, followersCount, viewer) };
    },
  );
};
