import { infiniteQueryOptions } from "@tanstack/react-query";
import { nextPageParam, pageQuery, type Page } from "@/lib/schemas/cursor";
import type { ReportAction, ReportReason, ReportTargetKind } from "@/lib/schemas/report-reasons";
import { apiGet, apiPost } from "./client";

// Reports (POST /reports) and the admins' queue (GET /admin/reports, POST …/resolve). Types are
// written here rather than inferred from lib/schemas/reports.ts: detail pages import this module,
// and zod must stay off them (docs/architecture.md).

export interface ReportPayload {
  targetKind: ReportTargetKind;
  targetId: string;
  reason: ReportReason;
  text?: string | null;
}

export interface ReportGroup {
  targetKind: ReportTargetKind;
  targetId: string;
  label: string | null;
  link: string;
  count: number;
  reasons: Record<ReportReason, number>;
  texts: string[];
  firstReportedAt: string;
  lastReportedAt: string;
}

export interface ResolvePayload {
  action: ReportAction;
  reason: string;
  banDays?: number;
}

export const REPORTS_PAGE_SIZE = 20;

export function fileReport(payload: ReportPayload): Promise<unknown> {
  return apiPost("/reports", payload);
}

export function resolveReports(group: Pick<ReportGroup, "targetKind" | "targetId">, payload: ResolvePayload): Promise<unknown> {
  return apiPost(`/admin/reports/${group.targetKind}/${encodeURIComponent(group.targetId)}/resolve`, payload);
}

export const reportQueries = {
  all: () => ["admin", "reports"] as const,
  queue: () =>
    infiniteQueryOptions({
      queryKey: reportQueries.all(),
      queryFn: ({ signal, pageParam }) =>
        apiGet<Page<ReportGroup>>("/admin/reports", { cache: false, signal, searchParams: pageQuery(pageParam, REPORTS_PAGE_SIZE) }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: nextPageParam,
      staleTime: 0,
    }),
};
