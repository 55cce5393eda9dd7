import { queryOptions } from "@tanstack/react-query";
import type { Tag, TagPayload } from "@/lib/schemas/tags";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";
import { CONTENT_STALE_TIME_MS } from "./content";

// Tags classify events; admins manage them, the event form offers them.

export function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  return apiGet<Tag[] | { items: Tag[] }>("/tags", { cache: false, signal }).then((data) => (Array.isArray(data) ? data : data.items));
}

export function createTag(payload: TagPayload): Promise<Tag> {
  return apiPost<Tag>("/tags", payload);
}

export function renameTag(id: string, payload: Partial<TagPayload>): Promise<Tag> {
  return apiPut<Tag>(`/tags/${encodeURIComponent(id)}`, payload);
}

export function deleteTag(id: string): Promise<unknown> {
  return apiDelete(`/tags/${encodeURIComponent(id)}`);
}

export const tagQueries = {
  all: () => ["tags"] as const,
  list: () => queryOptions({ queryKey: [...tagQueries.all(), "list"] as const, queryFn: ({ signal }) => fetchTags(signal), staleTime: CONTENT_STALE_TIME_MS }),
};
