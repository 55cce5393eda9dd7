import type { ContentKind, ModerationAction } from "../../../lib/schemas/content";
import type { Queryable } from "../../db/client";
import { KINDS } from "./kinds";

// Admin moderation shared by every kind: hide/unhide (with a reason the author is told),
// feature/unfeature, and deletions by an admin — each written to content_moderation_log.

const CHANGES: Record<ModerationAction, string> = {
  hide: "hidden = true, hidden_reason = $2",
  unhide: "hidden = false, hidden_reason = NULL",
  feature: "featured = true",
  unfeature: "featured = false",
};

export interface ModeratedItem {
  id: string;
  label: string;
  authorId: string | null;
}

export async function moderate(
  db: Queryable,
  kind: ContentKind,
  id: string,
  action: ModerationAction,
  reason: string | null,
  adminId: string,
): Promise<ModeratedItem | null> {
  const t = KINDS[kind];
  const params: unknown[] = action === "hide" ? [id, reason] : [id];
  const rows = await db.query<{ id: string; label: string; author_id: string | null }>(
    `UPDATE ${t.table} SET ${CHANGES[action]}, updated_at = now() WHERE id = $1
     RETURNING id, ${t.label} AS label, ${t.author} AS author_id`,
    params,
  );
  const row = rows[0];
  if (!row) return null;
  await logModeration(db, { adminId, kind, id, label: row.label, action, reason });
  return { id: row.id, label: row.label, authorId: row.author_id };
}

export async function logModeration(
  db: Queryable,
  entry: { adminId: string; kind: ContentKind; id: string; label: string | null; action: string; reason: string | null },
): Promise<void> {
  await db.query(
    `INSERT INTO content_moderation_log (admin_id, target_kind, target_id, target_label, action, reason)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [entry.adminId, entry.kind, entry.id, entry.label, entry.action, entry.reason],
  );
}
