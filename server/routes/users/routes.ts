import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { accountRoutes } from "./account-routes";
import { adminUsersRoutes } from "./admin-routes";
import { deletionRoutes } from "./deletion-routes";
import { deviceRoutes } from "./device-routes";
import { followRoutes } from "./follow-routes";
import { profileRoutes } from "./profile-routes";
import type { UsersRoutesOptions } from "./shared";

// Everything under /users, one module per concern: making a profile and its pictures, reading and
// editing profiles, following people, device tokens, leaving, and the admins' calls.

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, notifications, database, images, auth }) => {
  // Only the shared pieces are passed on: the plugin options also carry this plugin's prefix.
  const shared: UsersRoutesOptions = { users, notifications, database, images, auth };
  for (const routes of [accountRoutes, profileRoutes, followRoutes, deviceRoutes, deletionRoutes, adminUsersRoutes]) {
    await app.register(routes, shared);
  }
};
