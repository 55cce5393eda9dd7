import type { ReportAction, ReportReason, ReportTargetKind } from "../../../lib/schemas/report-reasons";
import type { Queryable } from "../../db/client";
import { Params, exactTimestamp } from "../../db/sql";
import { afterCursor, pageOf, timestampKey, type Page, type PageRequest, type SortKey } from "../paging";

// The only SQL of reports: filing (one open report per person and target, a repeat updates it),
// the hourly count, the queue grouped by target and closing a target's open reports.

export interface ReportRow {
  id: string;
  target_kind: ReportTargetKind;
  target_id: string;
  reason: ReportReason;
  text: string | null;
  created_at: Date | string;
}

export interface ReportGroupRow {
  target_kind: ReportTargetKind;
  target_id: string;
  label: string | null;
  count: number;
  spam: number;
  inappropriate: number;
  false_information: number;
  other: number;
  texts: string[] | string | null;
  first_at: Date | string;
  last_at: Date | string;
  last_key: string;
}

const COLUMNS = "id, target_kind, target_id, reason, text, created_at";
const QUEUE_KEYS: readonly SortKey[] = [timestampKey("g.last_at"), { column: "g.target_kind" }, { column: "g.target_id" }];
const TEXTS_SHOWN = 5;

export function createReportsRepository(db: Queryable) {
  return {
    /** Files a report, or updates the reporter's open one on the same target (`created: false`). */
    async file(report: { reporterId: string; kind: ReportTargetKind; targetId: string; label: string; reason: ReportReason; text: string | null }) {
      const rows = await db.query<ReportRow & { inserted: boolean }>(
        `INSERT INTO reports (reporter_id, target_kind, target_id, target_label, reason, text)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (reporter_id, target_kind, target_id) WHERE status = 'open'
         DO UPDATE SET reason = EXCLUDED.reason, text = EXCLUDED.text, target_label = EXCLUDED.target_label, updated_at = now()
         RETURNING ${COLUMNS}, (xmax = 0) AS inserted`,
        [report.reporterId, report.kind, report.targetId, report.label, report.reason, report.text],
      );
      const row = rows[0]!;
      return { row, created: row.inserted };
    },

    async findOpen(reporterId: string, kind: ReportTargetKind, targetId: string): Promise<ReportRow | null> {
      const rows = await db.query<ReportRow>(
        `SELECT ${COLUMNS} FROM reports WHERE reporter_id = $1 AND target_kind = $2 AND target_id = $3 AND status = 'open'`,
        [reporterId, kind, targetId],
      );
      return rows[0] ?? null;
    },

    /** Reports filed in the last hour and when the oldest of them leaves the window (seconds). */
    async recent(reporterId: string): Promise<{ count: number; retryAfter: number }> {
      const rows = await db.query<{ count: number; retry_after: number | null }>(
        `SELECT count(*)::int AS count,
                ceil(extract(epoch FROM (min(created_at) + interval '1 hour' - now())))::int AS retry_after
           FROM reports WHERE reporter_id = $1 AND created_at > now() - interval '1 hour'`,
        [reporterId],
      );
      return { count: rows[0]?.count ?? 0, retryAfter: Math.max(1, rows[0]?.retry_after ?? 1) };
    },

    /** Open reports grouped by target, the most recently reported target first. */
    async queue(page: PageRequest): Promise<Page<ReportGroupRow>> {
      const p = new Params();
      const after = afterCursor(QUEUE_KEYS, page.cursor, true, p);
      const rows = await db.query<ReportGroupRow>(
        `WITH g AS (
           SELECT target_kind, target_id,
                  (array_agg(target_label ORDER BY created_at DESC))[1] AS label,
                  count(*)::int AS count,
                  count(*) FILTER (WHERE reason = 'spam')::int AS spam,
                  count(*) FILTER (WHERE reason = 'inappropriate')::int AS inappropriate,
                  count(*) FILTER (WHERE reason = 'false_information')::int AS false_information,
                  count(*) FILTER (WHERE reason = 'other')::int AS other,
                  (array_agg(text ORDER BY created_at DESC) FILTER (WHERE text IS NOT NULL))[1:${TEXTS_SHOWN}] AS texts,
                  min(created_at) AS first_at, max(created_at) AS last_at
             FROM reports WHERE status = 'open' GROUP BY target_kind, target_id
         )
         SELECT g.*, ${exactTimestamp("g.last_at")} AS last_key FROM g
          ${after ? `WHERE ${after}` : ""}
          ORDER BY g.last_at DESC, g.target_kind DESC, g.target_id DESC LIMIT ${p.add(page.limit + 1)}`,
        p.values,
      );
      return pageOf(rows, page.limit, (row) => [row.last_key, row.target_kind, row.target_id]);
    },

    async countOpen(kind: ReportTargetKind, targetId: string): Promise<number> {
      const rows = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM reports WHERE target_kind = $1 AND target_id = $2 AND status = 'open'",
        [kind, targetId],
      );
      return rows[0]?.n ?? 0;
    },

    /** Closes the target's open reports with the decision; answers whom to tell and the label. */
    async close(kind: ReportTargetKind, targetId: string, decision: { action: ReportAction; reason: string; adminId: string }) {
      return db.query<{ reporter_id: string; target_label: string | null }>(
        `UPDATE reports SET status = 'resolved', outcome = $3, outcome_reason = $4, resolved_by = $5, resolved_at = now(), updated_at = now()
          WHERE target_kind = $1 AND target_id = $2 AND status = 'open'
          RETURNING reporter_id, target_label`,
        [kind, targetId, decision.action, decision.reason, decision.adminId],
      );
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
