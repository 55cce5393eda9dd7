import type { News, NewsListItem, NewsPayload, NewsUpdatePayload } from "@/lib/schemas/news";
import { contentResource } from "./content-resource";

// The news resource: the city's latest, by community or author, mine and following.

export interface NewsFilters {
  communityId?: string;
  authorId?: string;
  featured?: boolean;
  visibility?: "visible" | "hidden" | "all";
}

const news = contentResource<News, NewsListItem, NewsFilters, NewsPayload, NewsUpdatePayload>("news");

export const newsQueries = news.queries;
export const fetchNews = news.fetch;
export const updateNews = news.update;
export const moderateNews = news.moderate;
export const uploadNewsImage = news.uploadImage;
export const storeNews = news.store;
/** The news item as a cached list has it, for its page's title and cover before its answer arrives. */
export const listedNews = news.listed;
export const followNewsMutationDefaults = news.followMutationDefaults;
export const createNewsMutationDefaults = news.createMutationDefaults;

export function deleteNews(id: string, reason?: string): Promise<unknown> {
  return news.remove(id, { reason: reason || undefined });
}
