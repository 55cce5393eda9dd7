import { PUBLIC_MODERATION_ACTIONS } from "../../../lib/schemas/moderation-log";
import type { Queryable } from "../../db/client";
import { Params, exactTimestamp } from "../../db/sql";
import { afterCursor, pageOf, timestampKey, type Page, type PageRequest, type SortKey } from "../paging";

// The only SQL of the public moderation log, newest first. Featuring is not moderation of
// content people could object to, so it stays out; so do the moderators' ids.

export interface ModerationLogRow {
  id: string;
  target_kind: string;
  target_label: string | null;
  action: string;
  reason: string | null;
  created_at: Date | string;
  created_key: string;
}

const KEYS: readonly SortKey[] = [timestampKey("l.created_at"), { column: "l.id" }];

export function createModerationLogRepository(db: Queryable) {
  return {
    async list(page: PageRequest): Promise<Page<ModerationLogRow>> {
      const p = new Params();
      const where = [`l.action = ANY(${p.add([...PUBLIC_MODERATION_ACTIONS])}::text[])`];
      const after = afterCursor(KEYS, page.cursor, true, p);
      if (after) where.push(after);
      const rows = await db.query<ModerationLogRow>(
        `SELECT l.id, l.target_kind, l.target_label, l.action, l.reason, l.created_at, ${exactTimestamp("l.created_at")} AS created_key
           FROM content_moderation_log l WHERE ${where.join(" AND ")}
           ORDER BY l.created_at DESC, l.id DESC LIMIT ${p.add(page.limit + 1)}`,
        p.values,
      );
      return pageOf(rows, page.limit, (row) => [row.created_key, row.id]);
    },
  };
}
