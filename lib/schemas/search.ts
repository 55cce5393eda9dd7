import { z } from "zod";
import { communitySchema } from "./communities";
import { userSummarySchema } from "./content";
import { eventSchema } from "./events";
import { newsSchema } from "./news";
import { placeSchema } from "./places";

// GET /search?q=: events, places, news, communities and people, accent-insensitive Spanish
// full-text search with prefix matching (so "teat" finds "Teatro").

export const SEARCH_KINDS = ["events", "places", "news", "communities", "users"] as const;

export const searchQuerySchema = z
  .object({
    q: z.string().trim().min(2, "Escribe al menos 2 letras para buscar.").max(100, "La búsqueda admite hasta 100 caracteres."),
    kind: z.enum(SEARCH_KINDS, { error: "kind debe ser events, places, news, communities o users." }).optional(),
    limit: z.coerce.number().int().min(1, "El límite debe ser al menos 1.").max(50, "El límite admite hasta 50.").optional(),
  })
  .strict();

export const searchResultSchema = z.object({
  events: z.array(eventSchema),
  places: z.array(placeSchema),
  news: z.array(newsSchema),
  communities: z.array(communitySchema),
  users: z.array(userSummarySchema),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
