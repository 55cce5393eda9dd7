import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  pushPreferencesPayloadSchema,
  pushPreferencesSchema,
  pushPublicKeySchema,
  removedResultSchema,
  removePushSubscriptionPayloadSchema,
} from "../../lib/schemas/push";
import { currentUser } from "../plugins/auth";
import { routeOptions } from "../routes/routing";
import type { PushService } from "./service";

// /push: what a browser needs to subscribe, a person's push preferences, and forgetting this
// device's subscription. Subscribing itself is the spec's POST /users/notificationToken.

export interface PushRoutesOptions {
  push: PushService;
}

// A person's push settings and devices are theirs alone: they move no content version (plugins/http-cache.ts).
const OWN_DATA = { changesOnlyOwnData: true };

export const pushRoutes: FastifyPluginAsyncZod<PushRoutesOptions> = async (app, { push }) => {
  app.get(
    "/public-key",
    routeOptions("push", "public", {
      summary: "Clave pública VAPID",
      description: "La `applicationServerKey` para `PushManager.subscribe()` (base64url). La suscripción resultante se registra con POST /users/notificationToken.",
      data: { 200: pushPublicKeySchema },
    }),
    async () => ({ data: { publicKey: push.publicKey } }),
  );

  app.get(
    "/preferences",
    routeOptions("push", "signedIn", {
      summary: "Qué notificaciones llegan como push",
      description: "Por grupo: `follows` (nuevos seguidores), `followedEvents` (cambios en eventos que sigues), `followedContent` (novedades de lo que sigues), `adminMessages` (administración y avisos de la cuenta). Todas activas si nunca se eligieron.",
      data: { 200: pushPreferencesSchema },
      errors: [401, 403],
    }),
    async (request) => ({ data: await push.repository.preferencesOf((await currentUser(request)).id) }),
  );

  app.put(
    "/preferences",
    {
      ...routeOptions("push", "writer", {
        summary: "Elegir qué notificaciones llegan como push",
        description: "Cualquier subconjunto de los grupos; los que faltan conservan su valor. Responde el conjunto completo. Repetirla no cambia nada más.",
        body: pushPreferencesPayloadSchema,
        data: { 200: pushPreferencesSchema },
        errors: [400, 401, 403],
      }),
      config: OWN_DATA,
    },
    async (request) => ({ data: await push.repository.setPreferences((await currentUser(request)).id, request.body) }),
  );

  app.post(
    "/unsubscribe",
    {
      // signedIn, not writer: a suspended person is signed out too, and that must forget the device.
      ...routeOptions("push", "signedIn", {
        summary: "Dejar de recibir push en este dispositivo",
        description: "Al cerrar sesión: borra la suscripción `endpoint` de quien llama. `{ removed: false }` si ya no estaba (o era de otra cuenta), así que repetirla es inocuo.",
        body: removePushSubscriptionPayloadSchema,
        data: { 200: removedResultSchema },
        errors: [400, 401, 403],
      }),
      config: OWN_DATA,
    },
    async (request) => ({ data: { removed: await push.repository.remove((await currentUser(request)).id, request.body.endpoint) } }),
  );
};
