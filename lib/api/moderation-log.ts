import type { ModerationLogEntry } from "@/lib/schemas/moderation-log";
import { CONTENT_STALE_TIME_MS } from "./content";
import { pagedQueryOptions } from "./pages";

// The public moderation log (GET /moderation-log): what was hidden, shown again or deleted, and why.

export const MODERATION_LOG_PAGE_SIZE = 20;

export const moderationLogQueries = {
  list: () => pagedQueryOptions<ModerationLogEntry>(["moderation-log"], "/moderation-log", { limit: MODERATION_LOG_PAGE_SIZE, staleTime: CONTENT_STALE_TIME_MS }),
};
