import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import { identityOf } from "../../plugins/auth";
import { forbidden, HttpError } from "../../plugins/errors";
import { routeOptions } from "../routing";
import { isRecentSignIn, SIGN_IN_AGAIN_MESSAGE } from "./recent-sign-in";
import type { UsersRoutesOptions } from "./shared";

// Leaving the platform (docs/product.md#account-deletion-and-providers).

// The command that removes the role is in docs/authorization.md; people only need to know why.
const MASTER_CANNOT_LEAVE = "Una cuenta MASTER no puede borrarse. Quien administra el servidor debe quitarle ese rol primero.";

export const deletionRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, images, auth, notifications }) => {
  app.get(
    "/delete-account/confirm",
    routeOptions("users", "identity", {
      summary: "Confirmar que se puede borrar la cuenta",
      description:
        "true si el último inicio de sesión del token (`auth_time`) fue hace menos de 10 minutos y el mismo día (America/Monterrey); si no, hay que volver a iniciar sesión.",
      data: { 200: z.boolean() },
      errors: [401],
    }),
    async (request) => ({ data: isRecentSignIn(identityOf(request).authTime) }),
  );

  app.delete(
    "/delete-account",
    // Not refused to banned users: leaving the platform is always possible.
    routeOptions("users", "identity", {
      summary: "Borrar la cuenta propia",
      description:
        "Exige un inicio de sesión reciente (ver /users/delete-account/confirm; si no, 403 'Vuelve a iniciar sesión para hacer esto'). Borra la identidad en Firebase Auth, el perfil, seguimientos, notificaciones, tokens e imágenes, y los eventos y noticias que publicó; los lugares y comunidades que creó se conservan sin autor ('Cuenta eliminada'). Una cuenta MASTER no puede borrarse (403).",
      data: { 200: z.object({ deleted: z.literal(true) }) },
      errors: [401, 403],
    }),
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
};
