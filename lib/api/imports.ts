import type { ImportReport, ImportSource, ImportSubscription } from "@/lib/schemas/imports";
import { apiDelete, apiGet, apiPost } from "./client";

// Importing events (server/routes/imports): the preview says what would happen, the import does it.

export function previewImport(source: ImportSource): Promise<ImportReport> {
  return apiPost<ImportReport>("/imports/preview", { source });
}

export function runImport(source: ImportSource): Promise<ImportReport> {
  return apiPost<ImportReport>("/imports", { source });
}

export function listSubscriptions(): Promise<ImportSubscription[]> {
  return apiGet<ImportSubscription[]>("/imports/subscriptions", { cache: false });
}

export function subscribeCalendar(url: string): Promise<ImportSubscription> {
  return apiPost<ImportSubscription>("/imports/subscriptions", { url });
}

export function unsubscribeCalendar(id: string): Promise<unknown> {
  return apiDelete(`/imports/subscriptions/${encodeURIComponent(id)}`);
}
