import type { ImportReport, ImportSource } from "@/lib/schemas/imports";
import { apiPost } from "./client";

// Importing events (server/routes/imports): the preview says what would happen, the import does it.

export function previewImport(source: ImportSource): Promise<ImportReport> {
  return apiPost<ImportReport>("/imports/preview", { source });
}

export function runImport(source: ImportSource): Promise<ImportReport> {
  return apiPost<ImportReport>("/imports", { source });
}
