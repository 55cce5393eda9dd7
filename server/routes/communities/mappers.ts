import type { Community, CommunityMember, CommunityRole } from "../../../lib/schemas/communities";
import { metaFrom } from "../content/mappers";
import { toIso } from "../content/sql";
import type { Viewer } from "../content/viewer";
import type { CommunityRow, MemberRow } from "./repository";

// Rows → the wire contract of lib/schemas/communities.ts.

/** Community owners and admins (and site admins) edit the community and all its content. */
export function managesCommunity(role: CommunityRole | null, viewer: Viewer): boolean {
  return viewer.isAdmin || role === "owner" || role === "admin";
}

export function toCommunity(row: CommunityRow, viewer: Viewer): Community {
  const canEdit = managesCommunity(row.my_role, viewer);
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    image: row.image,
    membersCount: row.members_count,
    upcomingEventsCount: row.upcoming_events_count,
    myRole: row.my_role,
    ...metaFrom(row, canEdit, canEdit),
  };
}

export function toMember(row: MemberRow): CommunityMember {
  return {
    user: { _id: row.user_id, name: row.name, verified: row.verified, profileImage: row.profile_image },
    role: row.role,
    joinedAt: toIso(row.joined_at),
  };
}
