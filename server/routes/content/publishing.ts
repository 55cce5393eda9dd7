import { badRequest, forbidden } from "../../plugins/errors";
import type { Queryable } from "../../db/client";
import { communityRoleOf } from "./repository";
import type { Viewer } from "./viewer";

// Checks of what an item refers to when it is published or edited.

export interface Issue {
  path: (string | number)[];
  message: string;
}

/** 400 in the contract's validation shape, for checks zod cannot make (they need the database). */
export const validationError = (issues: Issue[]) => badRequest("Los datos enviados no son válidos.", "VALIDATION_ERROR", issues);

/**
 * Publishing in a community: it must exist for the viewer (an issue on `communityId` otherwise)
 * and only its members (or site admins) publish there (403).
 */
export async function communityIssues(db: Queryable, communityId: string | null | undefined, viewer: Viewer): Promise<Issue[]> {
  if (!communityId) return [];
  const role = await communityRoleOf(db, communityId, viewer.id, viewer.isAdmin);
  if (role === undefined) return [{ path: ["communityId"], message: "La comunidad no existe." }];
  if (role === null && !viewer.isAdmin) throw forbidden("Solo los miembros de la comunidad pueden publicar en ella.");
  return [];
}
