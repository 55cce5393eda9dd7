import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { publicUserSchema } from "../../../lib/schemas/public-users";
import { initialDataSchema, signUpPayloadSchema, userSchema } from "../../../lib/schemas/users";
import { identityOf, optionalIdentity, requireIdentity } from "../../plugins/auth";
import { conflict, forbidden, notFound } from "../../plugins/errors";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { toInitialData, toPublicUser, toUser } from "./mappers";
import type { UsersRepository } from "./repository";

export interface UsersRoutesOptions {
  users: UsersRepository;
}

const EMAIL_TAKEN = "El correo introducido ya existe.";
const USER_NOT_FOUND = "Usuario no encontrado.";

// Firebase uids are at most 128 characters.
const userIdParams = z.object({ id: z.string().min(1).max(128) }).strict();

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  app.post(
    "/sign-up",
    {
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Registrar el perfil del usuario de la sesión",
        description:
          "Crea el perfil ligado al uid del token. Repetirla con el mismo uid devuelve el perfil existente (200).",
        security: bearerSecurity,
        body: signUpPayloadSchema,
        response: { 200: envelope(userSchema), 201: envelope(userSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const { name, uid, email } = request.body;
      if (uid !== identity.uid) throw forbidden("El uid no corresponde a tu sesión.");
      if (identity.email !== null && identity.email.toLowerCase() !== email.toLowerCase()) {
        throw forbidden("El correo no corresponde a tu sesión.");
      }
      const result = await users.create({ id: uid, name, email });
      if (result.status === "email_taken") throw conflict(EMAIL_TAKEN);
      const following = await users.followingOf(result.user.id);
      return reply.code(result.status === "created" ? 201 : 200).send({ data: toUser(result.user, following) });
    },
  );

  app.get(
    "/initial-data",
    {
      onRequest: requireIdentity,
      schema: {
        tags: ["users"],
        summary: "Datos iniciales tras iniciar sesión",
        description: "Indica si la cuenta está suspendida y devuelve el perfil (null si aún no se registra).",
        security: bearerSecurity,
        response: { 200: envelope(initialDataSchema), ...errorResponses(401) },
      },
    },
    async (request) => {
      const row = await request.loadCurrentUser();
      const following = row ? await users.followingOf(row.id) : null;
      return { data: toInitialData(row, following) };
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
      return { data: toUser(row, await users.followingOf(row.id)) };
    },
  );

  app.get(
    "/:id",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["users"],
        summary: "Perfil público de un usuario",
        description: "El correo solo se incluye para el propio usuario y para administradores.",
        params: userIdParams,
        response: { 200: envelope(publicUserSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await users.findById(request.params.id);
      if (!row) throw notFound(USER_NOT_FOUND);
      const viewer = await request.loadCurrentUser();
      return { data: toPublicUser(row, await users.followingOf(row.id), viewer) };
    },
  );
};
