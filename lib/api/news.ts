import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { News, NewsPayload, NewsUpdatePayload } from "@/lib/schemas/news";
import type { ModerationPayload } from "@/lib/schemas/content";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";
import { CONTENT_STALE_TIME_MS, PAGE_SIZE, createMutationDefaults, followMutationDefaults, listOptions } from "./content";
import { uploadForm, type UploadProgress } from "./upload";

// The news resource: the city's latest, by community or author, mine and following.

export interface NewsFilters {
  communityId?: string;
  authorId?: string;
  featured?: boolean;
  visibility?: "visible" | "hidden" | "all";
}

export function fetchNews(id: string, signal?: AbortSignal): Promise<News> {
  return apiGet<News>(`/news/${encodeURIComponent(id)}`, { cache: false, signal });
}

export function updateNews(id: string, payload: NewsUpdatePayload): Promise<News> {
  return apiPut<News>(`/news/${encodeURIComponent(id)}`, payload);
}

export function deleteNews(id: string, reason?: string): Promise<unknown> {
  return apiDelete(`/news/${encodeURIComponent(id)}`, { searchParams: { reason: reason || undefined } });
}

export function moderateNews(id: string, payload: ModerationPayload): Promise<News> {
  return apiPost<News>(`/news/${encodeURIComponent(id)}/moderate`, payload);
}

export function uploadNewsImage(id: string, file: File, progress?: UploadProgress): Promise<News> {
  return uploadForm<News>(`/news/${encodeURIComponent(id)}/image`, file, progress);
}

export const newsQueries = {
  all: () => ["news"] as const,
  lists: () => [...newsQueries.all(), "list"] as const,
  list: (filters: NewsFilters) => [...newsQueries.lists(), "public", filters] as const,
  mine: () => [...newsQueries.lists(), "mine"] as const,
  following: () => [...newsQueries.lists(), "following"] as const,
  detail: (id: string) => [...newsQueries.all(), "detail", id] as const,

  listQuery: (filters: NewsFilters, limit?: number) => listOptions<News>([...newsQueries.list(filters), limit ?? PAGE_SIZE], "/news", { ...filters, limit }),
  mineQuery: () => listOptions<News>(newsQueries.mine(), "/news/mine"),
  followingQuery: () => listOptions<News>(newsQueries.following(), "/news/following"),
  detailQuery: (id: string) =>
    queryOptions({ queryKey: newsQueries.detail(id), queryFn: ({ signal }) => fetchNews(id, signal), staleTime: CONTENT_STALE_TIME_MS }),
};

export const followNewsMutationDefaults = followMutationDefaults("news");
export const createNewsMutationDefaults = createMutationDefaults<News, NewsPayload>("news");

export function storeNews(queryClient: QueryClient, item: News): void {
  queryClient.setQueryData(newsQueries.detail(item._id), item);
  void queryClient.invalidateQueries({ queryKey: newsQueries.lists() });
}
