import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
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
import { currentUser } from "../../plugins/auth";
import { badRequest, conflict, HttpError, notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { bodyDefaultsToObject } from "../../plugins/validation";
import { routeOptions } from "../routing";
import { notifyUsers } from "../notifications/service";
import { toUserSummary } from "./mappers";
import { assertCanCreate, assertCanModerate } from "./policy";
import type { UserRow } from "./rows";
import { EMAIL_TAKEN, profileAnswer, type UsersRoutesOptions } from "./shared";
import type { UserPage } from "./user-pages";

// The moderation calls of docs/product.md#roles-and-permissions, for ADMIN and MASTER. Who may act
// on whom is policy.ts; every call on one account answers with the target's profile after the
// change so the panel can replace its cached copy.

const NO_PENDING_REQUEST = "Este usuario no tiene una solicitud de verificación pendiente.";
const NOT_AN_ADMIN = "Esta cuenta no es administradora.";
const BAN_IN_PAST = "La fecha de fin de la suspensión debe estar en el futuro.";
const BAN_TOO_LONG = "La suspensión puede durar como máximo 10 años.";
const MAX_BAN_MS = 10 * 366 * 24 * 3600 * 1000;

/** An admin list of accounts, answered as `{ items, nextCursor }` of summaries. */
interface ListCall<Q extends z.ZodType> {
  summary: string;
  description: string;
  querystring: Q;
  load(query: z.output<Q>): Promise<UserPage>;
}

/** A change to one account (`userId` in the body), allowed by policy.ts before `act` runs. */
interface ModerationCall<B extends z.ZodType<{ userId: string }>, Q extends z.ZodType> {
  summary: string;
  description: string;
  body: B;
  querystring?: Q;
  /** Documented error statuses besides 400, 401, 403 and 404. */
  conflicts?: true;
  /** Makes the change and returns the target's row after it (null: it vanished meanwhile). */
  act(call: { body: z.output<B>; query: z.output<Q>; actor: UserRow; target: UserRow }): Promise<UserRow | null>;
}

export const adminUsersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, database, auth }) => {
  const profileOf = (row: UserRow) => profileAnswer(users, row);

  function listRoute<Q extends z.ZodType>(url: string, call: ListCall<Q>): void {
    app.get(
      url,
      routeOptions("admin", "adminReader", {
        summary: call.summary,
        description: call.description,
        querystring: call.querystring,
        data: { 200: userSummaryPageSchema },
        errors: [400, 401, 403],
      }),
      async (request) => {
        const me = await currentUser(request);
        const page = await call.load(request.query as z.output<Q>);
        const counts = await users.followersCounts(page.rows.map((r) => r.id));
        const items = page.rows.map((row) => toUserSummary(row, counts.get(row.id) ?? 0, me));
        return { data: { items, nextCursor: page.nextCursor } };
      },
    );
  }

  function moderationRoute<B extends z.ZodType<{ userId: string }>, Q extends z.ZodType = z.ZodType<Record<string, never>>>(
    url: string,
    call: ModerationCall<B, Q>,
  ): void {
    app.post(
      url,
      {
        ...routeOptions("admin", "admin", {
          summary: call.summary,
          description: call.description,
          querystring: call.querystring,
          body: call.body,
          data: { 200: userSchema },
          errors: [400, 401, 403, 404, ...(call.conflicts ? [409] : [])],
        }),
        preValidation: bodyDefaultsToObject,
      },
      async (request) => {
        const body = request.body as z.output<B>;
        const actor = await currentUser(request);
        const target = await users.findById(body.userId);
        if (!target) throw notFound(USER_NOT_FOUND);
        assertCanModerate(actor, target);
        const changed = await call.act({ body, query: request.query as z.output<Q>, actor, target });
        if (!changed) throw notFound(USER_NOT_FOUND);
        return { data: await profileOf(changed) };
      },
    );
  }

  listRoute("", {
    summary: "Buscar usuarios (panel)",
    description:
      "Solo administradores. `search` busca en nombre y correo (o un id exacto); filtros `role` (NORMAL, ADMIN, MASTER), `verified` y `banned` (true/false). Más recientes primero; `{ items, nextCursor }`, `limit` 1–100 (20).",
    querystring: adminUsersQuerySchema,
    load: ({ search, role, verified, banned, cursor, limit }) =>
      users.search({ search: search || undefined, role, verified, banned, cursor, limit: limit ?? 20 }),
  });

  listRoute("/requestingVerification", {
    summary: "Cola de solicitudes de verificación",
    description: "Solo administradores. La solicitud más antigua primero; `{ items, nextCursor }`. Nunca se guarda en caché.",
    querystring: verificationQueueQuerySchema,
    load: ({ cursor, limit }) => users.pendingVerification(cursor, limit ?? 20),
  });

  app.post(
    "/admin-create",
    routeOptions("admin", "admin", {
      summary: "Crear una cuenta (panel)",
      description:
        "Crea la identidad en Firebase Auth (correo y contraseña, correo verificado) y su perfil con el tipo de cuenta. Un ADMIN crea cuentas NORMAL; solo un MASTER crea ADMIN; MASTER solo con `npm run admin:create`.",
      body: adminCreateUserPayloadSchema,
      data: { 201: userSchema },
      errors: [400, 401, 403, 409],
    }),
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

  moderationRoute("/verify", {
    summary: "Verificar o quitar la verificación",
    description:
      "`userId` y `type` opcional (si falta se usa el tipo solicitado). `?unverify=true` quita la verificación. Aprobar cierra la solicitud pendiente y avisa a la persona ('Tu cuenta fue verificada'). 'ID required' sin `userId`.",
    querystring: verifyQuerySchema,
    body: verifyPayloadSchema,
    async act({ body, query, target }) {
      if (query.unverify === true) return users.revokeVerification(target.id);
      const updated = await users.approveVerification(target.id, body.type ?? null);
      if (updated && (!target.verified || target.verificationRequested)) {
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
      return updated;
    },
  });

  moderationRoute("/rejectVerification", {
    summary: "Rechazar una solicitud de verificación",
    description:
      "`userId` y `reason`. Cierra la solicitud, guarda el motivo y avisa a la persona ('Tu solicitud de verificación fue rechazada: <motivo>'). 409 si no hay solicitud pendiente.",
    body: rejectVerificationPayloadSchema,
    conflicts: true,
    async act({ body, target }) {
      if (!target.verificationRequested) throw conflict(NO_PENDING_REQUEST);
      const updated = await users.rejectVerification(target.id, body.reason);
      if (updated) {
        await notifyUsers(database, [
          {
            userId: target.id,
            kind: NOTIFICATION_KINDS.VERIFICATION_REJECTED,
            title: "Solicitud de verificación rechazada",
            body: `Tu solicitud de verificación fue rechazada: ${body.reason}`,
            link: "/profile",
          },
        ]);
      }
      return updated;
    },
  });

  moderationRoute("/setAsAdmin", {
    summary: "Hacer administrador o quitarlo",
    description:
      "`userId`. Hace ADMIN (y no verificada); `?remove=true` la vuelve NORMAL (y verificada). Solo un MASTER quita a un ADMIN. 409 al quitar a quien no es ADMIN. 'ID required' sin `userId`.",
    querystring: setAsAdminQuerySchema,
    body: userIdPayloadSchema,
    conflicts: true,
    async act({ query, target }) {
      const remove = query.remove === true;
      if (remove && target.accountType !== "ADMIN") throw conflict(NOT_AN_ADMIN);
      return users.setAdminRole(target.id, !remove);
    },
  });

  moderationRoute("/ban", {
    summary: "Suspender una cuenta",
    description:
      "`userId`, `reason` y `endDate` (ISO 8601, en el futuro, máx. 10 años). Mientras dure, los datos iniciales dicen banned y toda escritura responde 403 BANNED. Repetirla reemplaza la suspensión. 'ID required' sin `userId`.",
    body: banPayloadSchema,
    async act({ body, actor, target }) {
      const endsAt = new Date(body.endDate);
      const remaining = endsAt.getTime() - Date.now();
      if (remaining <= 0) throw new HttpError(400, ERROR_CODES.VALIDATION, BAN_IN_PAST, [{ path: ["endDate"], message: BAN_IN_PAST }]);
      if (remaining > MAX_BAN_MS) throw new HttpError(400, ERROR_CODES.VALIDATION, BAN_TOO_LONG, [{ path: ["endDate"], message: BAN_TOO_LONG }]);
      return users.setBan(target.id, { reason: body.reason, endsAt, bannedBy: actor.id });
    },
  });

  moderationRoute("/unban", {
    summary: "Levantar una suspensión",
    description: "`userId`. Idempotente: sin suspensión no cambia nada. 'ID required' sin `userId`.",
    body: userIdPayloadSchema,
    act: ({ target }) => users.setBan(target.id, null),
  });

  moderationRoute("/changeImpact", {
    summary: "Cambiar el impacto de un usuario",
    description: "`userId` e `impact`, un entero de 0 a 100. 'ID required' sin `userId`.",
    body: changeImpactPayloadSchema,
    act: ({ body, target }) => users.setImpact(target.id, body.impact),
  });
};
