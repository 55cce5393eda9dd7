import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUserSchema } from "../../../lib/schemas/public-users";
import { NOTIFICATION_KINDS } from "../../../lib/schemas/notifications";
import {
  initialDataSchema,
  requestVerificationPayloadSchema,
  updateProfilePayloadSchema,
  userSchema,
  VERIFICATION_TYPE_LABELS,
} from "../../../lib/schemas/users";
import { currentUser } from "../../plugins/auth";
import { conflict, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { notifyUsers } from "../notifications/service";
import { routeOptions } from "../routing";
import { toInitialData, toPublicUser } from "./mappers";
import type { UserRow } from "./rows";
import { ownProfileAnswer, type UsersRoutesOptions } from "./shared";

// Reading profiles (one's own after sign-in, anyone's public one) and editing one's own.

const ALREADY_VERIFIED = "Tu cuenta ya está verificada.";

// Firebase uids are at most 128 characters.
const userIdParams = z.object({ id: z.string().min(1).max(128) }).strict();

export const profileRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, database }) => {
  // Every answer here is the person's own profile, so it carries the saved addresses.
  const profileOf = (row: UserRow) => ownProfileAnswer(users, database, row);
  // The reads that answer with that profile get the row and its relations in one statement.
  const ownProfile = { config: { ownProfile: true } };

  app.get(
    "/initial-data",
    {
      ...routeOptions("users", "identity", {
        summary: "Datos iniciales tras iniciar sesión",
        description:
          "Indica si la cuenta está suspendida (`banned`, con motivo y fecha de fin) y devuelve el perfil (null si aún no se registra). Nunca se guarda en caché.",
        data: { 200: initialDataSchema },
        errors: [401],
      }),
      ...ownProfile,
    },
    async (request) => {
      const row = await request.loadCurrentUser();
      return { data: toInitialData(row ? await profileOf(row) : null) };
    },
  );

  app.get(
    "/my-data",
    { ...routeOptions("users", "identity", { summary: "Perfil del usuario de la sesión", data: { 200: userSchema }, errors: [401, 404] }), ...ownProfile },
    async (request) => {
      const row = await request.loadCurrentUser();
      if (!row) throw notFound(USER_NOT_FOUND);
      return { data: await profileOf(row) };
    },
  );

  /** A change to one's own profile, answered with the profile after it so the app can replace its copy. */
  function ownProfileChange<B extends z.ZodType>(
    method: "PUT" | "POST",
    url: string,
    docs: { summary: string; description: string; body: B; errors: number[] },
    change: (me: UserRow, body: z.output<B>) => Promise<UserRow | null>,
  ): void {
    app.route({
      method,
      url,
      ...routeOptions("users", "writer", { ...docs, data: { 200: userSchema } }),
      handler: async (request) => {
        const updated = await change(await currentUser(request), request.body as z.output<B>);
        if (!updated) throw notFound(USER_NOT_FOUND);
        return { data: await profileOf(updated) };
      },
    });
  }

  ownProfileChange(
    "PUT",
    "/my-data",
    {
      summary: "Editar el perfil propio",
      description:
        "Campos del perfil: `name`, `bio` (null la borra), `links` (hasta 5 `{ label, url }` http/https; la lista reemplaza a la anterior) " +
        "y `accessibilityNeeds` (características de accesibilidad que la persona necesita; solo ella las ve).",
      body: updateProfilePayloadSchema,
      errors: [400, 401, 403],
    },
    (me, body) => users.updateProfile(me.id, body),
  );

  ownProfileChange(
    "POST",
    "/requestVerification",
    {
      summary: "Pedir la verificación de la cuenta",
      description:
        "`type`: artista, colectivo, lugar, institucion, medio, comunidad u organizador. Pone la solicitud en la cola de los administradores y les avisa (una vez por solicitud); repetirla solo cambia el tipo. 409 si la cuenta ya está verificada.",
      body: requestVerificationPayloadSchema,
      errors: [400, 401, 403, 409],
    },
    async (me, body) => {
      if (me.verified) throw conflict(ALREADY_VERIFIED);
      const updated = await users.requestVerification(me.id, body.type);
      const requestedAt = updated?.verificationRequestedAt;
      if (updated && requestedAt) {
        const reviewers = (await users.reviewerIds()).filter((id) => id !== me.id);
        await notifyUsers(
          database,
          reviewers.map((userId) => ({
            userId,
            kind: NOTIFICATION_KINDS.VERIFICATION_REQUESTED,
            title: "Nueva solicitud de verificación",
            body: `${updated.name} pidió verificar su cuenta (${VERIFICATION_TYPE_LABELS[body.type]}).`,
            link: "/panel/users/verify",
            data: { requesterId: me.id, type: body.type },
            // One notice per request: repeating it (or changing the type) keeps its time, so its key.
            idempotencyKey: `verification_requested:${me.id}:${requestedAt.toISOString()}`,
          })),
        );
      }
      return updated;
    },
  );

  // The router prefers the fixed paths of the other users modules, so they are never read as an id.
  app.get(
    "/:id",
    routeOptions("users", "public", {
      summary: "Perfil público de un usuario",
      description: "El correo y la suspensión solo se incluyen para el propio usuario y para administradores.",
      params: userIdParams,
      data: { 200: publicUserSchema },
      errors: [400, 401, 404],
    }),
    async (request) => {
      const row = await users.findById(request.params.id);
      if (!row) throw notFound(USER_NOT_FOUND);
      const viewer = await request.loadCurrentUser();
      const { following, followersCount } = await users.relationsOf(row.id);
      return { data: toPublicUser(row, following, followersCount, viewer) };
    },
  );
};
