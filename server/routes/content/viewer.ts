import type { FastifyRequest } from "fastify";
import { isAdminAccount } from "../../../lib/schemas/users";
import type { UserRow } from "../users/rows";
import { forbidden, notFound } from "../../plugins/errors";

// Who is looking at or changing content. Reads are public (optionalIdentity): a signed-out
// viewer has no id; a token without a profile counts as signed out for content.

export interface Viewer {
  id: string | null;
  user: UserRow | null;
  isAdmin: boolean;
}

export async function viewerOf(request: FastifyRequest): Promise<Viewer> {
  return toViewer(await request.loadCurrentUser());
}

export function toViewer(user: UserRow | null): Viewer {
  return { id: user?.id ?? null, user, isAdmin: user ? isAdminAccount(user.accountType) : false };
}

/** For routes behind requireUser: the signed-in, registered user. */
export async function actorOf(request: FastifyRequest): Promise<Viewer & { id: string; user: UserRow }> {
  const viewer = await viewerOf(request);
  if (!viewer.user || !viewer.id) throw forbidden("Completa tu registro para continuar.");
  return viewer as Viewer & { id: string; user: UserRow };
}

/** Lists with `?visibility=hidden|all` are for the admin panel only. */
export function assertVisibilityAllowed(visibility: string | undefined, viewer: Viewer): void {
  if (visibility && visibility !== "visible" && !viewer.isAdmin) throw forbidden("Solo la administración puede ver contenido oculto.");
}

/**
 * A hidden item exists only for admins and for whoever may edit it (so they can read why it was
 * hidden); everyone else gets the same 404 as for an id that never existed.
 */
export function assertVisible(item: { hidden: boolean; canEdit: boolean } | null, viewer: Viewer, message: string): void {
  if (!item || (item.hidden && !viewer.isAdmin && !item.canEdit)) throw notFound(message);
}

/**
 * Content of a community (events, news) is edited by its author, the community's owners and
 * admins, and site admins.
 */
export function editsCommunityContent(authorId: string | null, viewerCommunityRole: string | null, viewer: Viewer): boolean {
  if (viewer.isAdmin) return true;
  if (!viewer.id) return false;
  return authorId === viewer.id || viewerCommunityRole === "owner" || viewerCommunityRole === "admin";
}
