import { randomUUID } from "node:crypto";
import type { CommunityRole } from "../../../lib/schemas/communities";
import type { Queryable } from "../../db/client";
import { followColumns } from "../content/follows";
import { exactTimestamp, Params } from "../../db/sql";
import { afterCursor, integerKey, pageOf, timestampKey, type PageRequest } from "../paging";
import { keysetPage, rowFinder, sharedConditions, type SharedFilters } from "../content/repository";

// The only SQL of communities and their members.

export interface CommunityRow {
  id: string;
  name: string;
  description: string;
  image: string | null;
  created_by: string | null;
  hidden: boolean;
  hidden_reason: string | null;
  featured: boolean;
  created_at: unknown;
  updated_at: unknown;
  members_count: number;
  upcoming_events_count: number;
  my_role: CommunityRole | null;
  followers_count: number;
  following: boolean;
}

export interface MemberRow {
  user_id: string;
  name: string;
  verified: boolean;
  profile_image: string | null;
  role: CommunityRole;
  joined_at: unknown;
  joined_key: string;
  rank: number;
}

export interface CommunityListFilters extends SharedFilters {
  memberId?: string;
}

const ROLE_RANK = "CASE m.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END";
const BY_NAME = [{ column: "c.name" }, { column: "c.id" }];
/** Owners first, then admins, then members; by seniority. */
const MEMBER_ORDER = [integerKey(ROLE_RANK), timestampKey("m.joined_at"), { column: "m.user_id" }];

function selectCommunities(p: Params, viewerId: string | null): string {
  const viewer = p.add(viewerId);
  return `SELECT c.id, c.name, c.description, c.image, c.created_by, c.hidden, c.hidden_reason, c.featured, c.created_at, c.updated_at,
      (SELECT count(*)::int FROM community_members m WHERE m.community_id = c.id) AS members_count,
      (SELECT count(*)::int FROM events e WHERE e.community_id = c.id AND NOT e.hidden AND coalesce(e.ends_at, e.starts_at) >= now()) AS upcoming_events_count,
      (SELECT m.role FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${viewer}::text) AS my_role,
      ${followColumns("communities", "c", viewer)}
    FROM communities c`;
}

export function createCommunitiesRepository(db: Queryable) {
  const rows = rowFinder<CommunityRow>(db, "communities", selectCommunities);

  return {
    ...rows,

    async list(filters: CommunityListFilters, page: PageRequest, viewerId: string | null) {
      const p = new Params();
      const where = sharedConditions("communities", filters, p);
      if (filters.memberId) {
        where.push(`EXISTS (SELECT 1 FROM community_members m WHERE m.community_id = c.id AND m.user_id = ${p.add(filters.memberId)})`);
      }
      return keysetPage(db, "communities", { where, keys: BY_NAME, p }, page, (ids) => rows.findMany(ids, viewerId));
    },

    /** Creates the community with its founder as owner. */
    async create(input: { name: string; description: string }, ownerId: string): Promise<string> {
      const id = randomUUID();
      await db.query("INSERT INTO communities (id, name, description, created_by) VALUES ($1, $2, $3, $4)", [
        id,
        input.name,
        input.description,
        ownerId,
      ]);
      await db.query("INSERT INTO community_members (community_id, user_id, role) VALUES ($1, $2, 'owner')", [id, ownerId]);
      return id;
    },

    async update(id: string, input: { name: string; description: string }): Promise<void> {
      await db.query("UPDATE communities SET name = $2, description = $3, updated_at = now() WHERE id = $1", [id, input.name, input.description]);
    },

    async roleOf(communityId: string, userId: string | null): Promise<CommunityRole | null> {
      if (!userId) return null;
      const rows = await db.query<{ role: CommunityRole }>("SELECT role FROM community_members WHERE community_id = $1 AND user_id = $2", [
        communityId,
        userId,
      ]);
      return rows[0]?.role ?? null;
    },

    async members(communityId: string, page: PageRequest) {
      const p = new Params();
      const where = [`m.community_id = ${p.add(communityId)}`];
      const after = afterCursor(MEMBER_ORDER, page.cursor, false, p);
      if (after) where.push(after);
      const rows = await db.query<MemberRow>(
        `SELECT m.user_id, u.name, u.verified, u.profile_image, m.role, m.joined_at, ${exactTimestamp("m.joined_at")} AS joined_key, ${ROLE_RANK} AS rank
           FROM community_members m JOIN users u ON u.id = m.user_id
          WHERE ${where.join(" AND ")}
          ORDER BY ${ROLE_RANK}, m.joined_at, m.user_id LIMIT ${p.add(page.limit + 1)}`,
        p.values,
      );
      return pageOf(rows, page.limit, (last) => [String(last.rank), last.joined_key, last.user_id]);
    },

    async member(communityId: string, userId: string): Promise<MemberRow | null> {
      const rows = await db.query<MemberRow>(
        `SELECT m.user_id, u.name, u.verified, u.profile_image, m.role, m.joined_at, ${exactTimestamp("m.joined_at")} AS joined_key, 0 AS rank
           FROM community_members m JOIN users u ON u.id = m.user_id WHERE m.community_id = $1 AND m.user_id = $2`,
        [communityId, userId],
      );
      return rows[0] ?? null;
    },

    /** False when the user already was a member. */
    async addMember(communityId: string, userId: string, role: CommunityRole): Promise<boolean> {
      const rows = await db.query(
        "INSERT INTO community_members (community_id, user_id, role) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id",
        [communityId, userId, role],
      );
      return rows.length > 0;
    },

    async setRole(communityId: string, userId: string, role: CommunityRole): Promise<void> {
      await db.query("UPDATE community_members SET role = $3 WHERE community_id = $1 AND user_id = $2", [communityId, userId, role]);
    },

    async removeMember(communityId: string, userId: string): Promise<void> {
      await db.query("DELETE FROM community_members WHERE community_id = $1 AND user_id = $2", [communityId, userId]);
    },

    async ownersCount(communityId: string): Promise<number> {
      const rows = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM community_members WHERE community_id = $1 AND role = 'owner'", [
        communityId,
      ]);
      return rows[0]?.n ?? 0;
    },

    /** Locks the community row so concurrent role changes cannot leave it without an owner. */
    async lock(communityId: string): Promise<void> {
      await db.query("SELECT id FROM communities WHERE id = $1 FOR UPDATE", [communityId]);
    },
  };
}

export type CommunitiesRepository = ReturnType<typeof createCommunitiesRepository>;
