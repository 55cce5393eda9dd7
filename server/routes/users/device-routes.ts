import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import { pushTokenPayloadSchema } from "../../../lib/schemas/push";
import { googleTokensPayloadSchema, storedResultSchema } from "../../../lib/schemas/users";
import { currentUser } from "../../plugins/auth";
import { bodyDefaultsToObject } from "../../plugins/validation";
import { routeOptions } from "../routing";
import type { UsersRoutesOptions } from "./shared";

// Tokens a device hands over for later use (the provider's, to read a calendar; the push token).
// Each call stores one kind and answers `{ stored }`: false when the body had nothing to keep.

interface TokenCall<B extends z.ZodType> {
  summary: string;
  description: string;
  body: B;
  /** An empty or missing body counts as `{}` (clients that send nothing). */
  emptyBodyAllowed?: boolean;
  /** Stores what the body carries; false when there is nothing to store. */
  store(userId: string, body: z.output<B>): Promise<boolean>;
}

export const deviceRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users }) => {
  function tokenRoute<B extends z.ZodType>(url: string, call: TokenCall<B>): void {
    app.post(
      url,
      {
        ...routeOptions("users", "writer", {
          summary: call.summary,
          description: call.description,
          body: call.body,
          data: { 200: storedResultSchema },
          errors: [400, 401, 403],
        }),
        ...(call.emptyBodyAllowed ? { preValidation: bodyDefaultsToObject } : {}),
        // A device's token is the caller's own: it moves no content version (plugins/http-cache.ts).
        config: { changesOnlyOwnData: true },
      },
      async (request) => {
        const me = await currentUser(request);
        return { data: { stored: await call.store(me.id, request.body as z.output<B>) } };
      },
    );
  }

  tokenRoute("/accessToken", {
    summary: "Guardar los tokens de Google (calendario)",
    description:
      "Guarda `accessToken` e `idToken` del proveedor `providerId` (p. ej. google.com) para leer su calendario. Sin ambos tokens no hace nada y responde `{ stored: false }`.",
    body: googleTokensPayloadSchema,
    async store(userId, { accessToken, idToken, providerId }) {
      if (!accessToken || !idToken) return false;
      await users.saveProviderTokens(userId, providerId, accessToken, idToken);
      return true;
    },
  });

  tokenRoute("/notificationToken", {
    summary: "Guardar el token de notificaciones del dispositivo",
    description:
      "`notificationToken` es la suscripción web push del navegador en JSON (`{ endpoint, keys: { p256dh, auth } }`, ver GET /push/public-key); el endpoint debe ser https. Repetirla solo la renueva; cada persona conserva sus 10 suscripciones más recientes. Solo se guarda si viene `notificationToken`; si falta o está vacío responde `{ stored: false }`.",
    body: pushTokenPayloadSchema,
    emptyBodyAllowed: true,
    async store(userId, { notificationToken }) {
      if (!notificationToken) return false;
      await app.push.register(userId, notificationToken);
      return true;
    },
  });
};
