import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import { NOTIFICATION_KINDS } from "../../../lib/schemas/notifications";
import { userSummaryPageSchema } from "../../../lib/schemas/public-users";
import {
  adminCreateUserPayloadSchema,
  adminUsersQuerySchema,
  banPayloadSchema,
  changeImpactPayloadSchema,
  rejectVerificationPayloadSchema,
  setAsAdminQuerySchema,
  userIdPayloadSchema,
  userSchema,
  verificationQueueQuerySchema,
  verifyPayloadSchema,
  verifyQuerySchema,
} from "../../../lib/schemas/users";
import type { UserRow } from "./rows";
import { currentUser, forbidBanned, requireAdmin } from "../../plugins/auth";
import { badRequest, conflict, HttpError, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { bodyDefaultsToObject } from "../../plugins/validation";
import { bearerSecurity, envelope, errorResponses } from "../contract";
import { notifyUsers } from "../notifications/service";
import { toUserSummary } from "./mappers";
import { assertCanCreate, assertCanModerate } from "./policy";
import { decodeKeysetCursor, encodeKeysetCursor, type UserPage } from "./repository";
import { EMAIL_TAKEN, profileAnswer, type UsersRoutesOptions } from "./shared";

// The moderation calls of docs/product.md#roles-and-permissions, for ADMIN and MASTER. Who may act
// on whom is policy.ts; every call here answers with the target's profile after the change so the
// panel can replace its cached copy.

const NO_PENDING_REQUEST = "Este usuario no tiene una solicitud de verificación pendiente.";
const NOT_AN_ADMIN = "Esta cuenta no es administradora.";
const BAN_IN_PAST = "La fecha de fin de la suspensión debe estar en el futuro.";
const BAN_TOO_LONG = "La suspensión puede durar como máximo 10 años.";
const INVALID_CURSOR = "El cursor no es válido.";
const MAX_BAN_MS = 10 * 366 * 24 * 3600 * 1000;

const adminGuards = [requireAdmin, forbidBanned];


export const adminUsersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, database, auth }) => {
  const profileOf = (row: UserRow) => profileAnswer(users, row);

  /** The actor and the target of a moderation call, after the policy allowed it. */
  async function moderation(request: FastifyRequest, targetId: string): Promise<{ actor: UserRow; target: UserRow }> {
    const actor = await currentUser(request);
    const target = await users.findById(targetId);
    if (!target) throw notFound(USER_NOT_FOUND);
    assertCanModerate(actor, target);
    return { actor, target };
  }

  async function summaries(page: UserPage, viewer: UserRow) {
    const counts = await users.followersCounts(page.rows.map((r) => r.id));
    return {
      items: page.rows.map((row) => toUserSummary(row, counts.get(row.id) ?? 0, viewer)),
      nextCursor: page.next ? encodeKeysetCursor(page.next) : null,
    };
  }

  function cursorOf(value: string | undefined) {
    if (value === undefined) return null;
    const cursor = decodeKeysetCursor(value);
    if (!cursor) throw badRequest(INVALID_CURSOR);
    return cursor;
  }

  const changed = (row: UserRow | null) => {
    if (!row) throw notFound(USER_NOT_FOUND);
    return row;
  };

  app.get(
    "",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Buscar usuarios (panel)",
        description:
          "Solo administradores. `search` busca en nombre y correo (o un id exacto); filtros `role` (NORMAL, ADMIN, MASTER), `verified` y `banned` (true/false). Más recientes primero; `{ items, nextCursor }`, `limit` 1–100 (20).",
        security: bearerSecurity,
        querystring: adminUsersQuerySchema,
        response: { 200: envelope(userSummaryPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const { search, role, verified, banned, cursor, limit } = request.query;
      const page = await users.search({ search: search || undefined, role, verified, banned, cursor: cursorOf(cursor), limit: limit ?? 20 });
      return { data: await summaries(page, me) };
    },
  );

  app.get(
    "/requestingVerification",
    {
      onRequest: requireAdmin,
      schema: {
        tags: ["admin"],
        summary: "Cola de solicitudes de verificación",
        description: "Solo administradores. La solicitud más antigua primero; `{ items, nextCursor }`. Nunca se guarda en caché.",
        security: bearerSecurity,
        querystring: verificationQueueQuerySchema,
        response: { 200: envelope(userSummaryPageSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const me = await currentUser(request);
      const page = await users.pendingVerification(cursorOf(request.query.cursor), request.query.limit ?? 20);
      return { data: await summaries(page, me) };
    },
  );

  app.post(
    "/admin-create",
    {
      onRequest: adminGuards,
      schema: {
        tags: ["admin"],
        summary: "Crear una cuenta (panel)",
        description:
          "Crea la identidad en Firebase Auth (correo y contraseña, correo verificado) y su perfil con el tipo de cuenta. Un ADMIN crea cuentas NORMAL; solo un MASTER crea ADMIN; MASTER solo con `npm run admin:create`.",
        security: bearerSecurity,
        body: adminCreateUserPayloadSchema,
        response: { 201: envelope(userSchema), ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const me = await currentUser(request);
      const { email, password, name, accountType, verified } = request.body;
      assertCanCreate(me, accountType);
      if (await users.findByEmail(email)) throw conflict(EMAIL_TAKEN);
      let uid: string;
      try {
        uid = (await auth.createUser({ email, password, displayName: name, emailVerified: true })).uid;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code === "auth/email-already-exists") throw conflict(EMAIL_TAKEN);
        if (code === "auth/invalid-password") throw badRequest("La contraseña no es válida: usa al menos 8 caracteres.", ERROR_CODES.VALIDATION);
        if (code === "auth/invalid-email") throw badRequest("El correo no es válido.", ERROR_CODES.VALIDATION);
        throw error;
      }
      const result = await users.create({ id: uid, name, email, accountType, verified: verified ?? false });
      if (result.status !== "created") {
        // Lost a race for the email: leave no identity without a profile behind.
        await auth.deleteUser(uid).catch(() => undefined);
        throw conflict(EMAIL_TAKEN);
      }
      return reply.code(201).send({ data: await profileOf(result.user) });
    },
  );

  app.post(
    "/verify",
    {
      onRequest: adminGuards,
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["admin"],
        summary: "Verificar o quitar la verificación",
        description:
          "`userId` y `type` opcional (si falta se usa el tipo solicitado). `?unverify=true` quita la verificación. Aprobar cierra la solicitud pendiente y avisa a la persona ('Tu cuenta fue verificada'). 'ID required' sin `userId`.",
        security: bearerSecurity,
        querystring: verifyQuerySchema,
        body: verifyPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { target } = await moderation(request, request.body.userId);
      if (request.query.unverify === true) return { data: await profileOf(changed(await users.revokeVerification(target.id))) };
      const wasVerified = target.verified;
      const updated = changed(await users.approveVerification(target.id, request.body.type ?? null));
      if (!wasVerified || target.verificationRequested) {
        await notifyUsers(database, [
          {
            userId: target.id,
            kind: NOTIFICATION_KINDS.VERIFICATION_APPROVED,
            title: "Tu cuenta fue verificada",
            body: "Tu perfil ya muestra la insignia de cuenta verificada.",
            link: "/profile",
          },
        ]);
      }
      return { data: await profileOf(updated) };
    },
  );

  app.post(
    "/rejectVerification",
    {
      onRequest: adminGuards,
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["admin"],
        summary: "Rechazar una solicitud de verificación",
        description:
          "`userId` y `reason`. Cierra la solicitud, guarda el motivo y avisa a la persona ('Tu solicitud de verificación fue rechazada: <motivo>'). 409 si no hay solicitud pendiente.",
        security: bearerSecurity,
        body: rejectVerificationPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { target } = await moderation(request, request.body.userId);
      if (!target.verificationRequested) throw conflict(NO_PENDING_REQUEST);
      const updated = changed(await users.rejectVerification(target.id, request.body.reason));
      await notifyUsers(database, [
        {
          userId: target.id,
          kind: NOTIFICATION_KINDS.VERIFICATION_REJECTED,
          title: "Solicitud de verificación rechazada",
          body: `Tu solicitud de verificación fue rechazada: ${request.body.reason}`,
          link: "/profile",
        },
      ]);
      return { data: await profileOf(updated) };
    },
  );

  app.post(
    "/setAsAdmin",
    {
      onRequest: adminGuards,
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["admin"],
        summary: "Hacer administrador o quitarlo",
        description:
          "`userId`. Hace ADMIN (y no verificada); `?remove=true` la vuelve NORMAL (y verificada). Solo un MASTER quita a un ADMIN. 409 al quitar a quien no es ADMIN. 'ID required' sin `userId`.",
        security: bearerSecurity,
        querystring: setAsAdminQuerySchema,
        body: userIdPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { target } = await moderation(request, request.body.userId);
      const remove = request.query.remove === true;
      if (remove && target.accountType !== "ADMIN") throw conflict(NOT_AN_ADMIN);
      return { data: await profileOf(changed(await users.setAdminRole(target.id, !remove))) };
    },
  );

  app.post(
    "/ban",
    {
      onRequest: adminGuards,
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["admin"],
        summary: "Suspender una cuenta",
        description:
          "`userId`, `reason` y `endDate` (ISO 8601, en el futuro, máx. 10 años). Mientras dure, los datos iniciales dicen banned y toda escritura responde 403 BANNED. Repetirla reemplaza la suspensión. 'ID required' sin `userId`.",
        security: bearerSecurity,
        body: banPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const endsAt = new Date(request.body.endDate);
      const { actor, target } = await moderation(request, request.body.userId);
      const remaining = endsAt.getTime() - Date.now();
      if (remaining <= 0) throw new HttpError(400, ERROR_CODES.VALIDATION, BAN_IN_PAST, [{ path: ["endDate"], message: BAN_IN_PAST }]);
      if (remaining > MAX_BAN_MS) throw new HttpError(400, ERROR_CODES.VALIDATION, BAN_TOO_LONG, [{ path: ["endDate"], message: BAN_TOO_LONG }]);
      const updated = changed(await users.setBan(target.id, { reason: request.body.reason, endsAt, bannedBy: actor.id }));
      return { data: await profileOf(updated) };
    },
  );

  app.post(
    "/unban",
    {
      onRequest: adminGuards,
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["admin"],
        summary: "Levantar una suspensión",
        description: "`userId`. Idempotente: sin suspensión no cambia nada. 'ID required' sin `userId`.",
        security: bearerSecurity,
        body: userIdPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { target } = await moderation(request, request.body.userId);
      return { data: await profileOf(changed(await users.setBan(target.id, null))) };
    },
  );

  app.post(
    "/changeImpact",
    {
      onRequest: adminGuards,
      preValidation: bodyDefaultsToObject,
      schema: {
        tags: ["admin"],
        summary: "Cambiar el impacto de un usuario",
        description: "`userId` e `impact`, un entero de 0 a 100. 'ID required' sin `userId`.",
        security: bearerSecurity,
        body: changeImpactPayloadSchema,
        response: { 200: envelope(userSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { target } = await moderation(request, request.body.userId);
      return { data: await profileOf(changed(await users.setImpact(target.id, request.body.impact))) };
    },
  );
};
