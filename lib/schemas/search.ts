import { z } from "zod";
import { communityListItemSchema } from "./communities";
import { userSummarySchema } from "./content";
import { eventListItemSchema } from "./events";
import { newsListItemSchema } from "./news";
import { placeListItemSchema } from "./places";

// GET /search?q=: events, places, news, communities and people, accent-insensitive Spanish
// full-text search with prefix matching (so "teat" finds "Teatro") and, below those, typo
// matches ("tatro" finds "Teatro"). Each result adds `highlight`: the parts of its title (name
// for places, communities and people) the query matched, as offsets, never markup.

export const SEARCH_KINDS = ["events", "places", "news", "communities", "users"] as const;

export const searchQuerySchema = z
  .object({
    q: z.string().trim().min(2, "Escribe al menos 2 letras para buscar.").max(100, "La búsqueda admite hasta 100 caracteres."),
    kind: z.enum(SEARCH_KINDS, { error: "kind debe ser events, places, news, communities o users." }).optional(),
    limit: z.coerce.number().int().min(1, "El límite debe ser al menos 1.").max(50, "El límite admite hasta 50.").optional(),
  })
  .strict();

export const highlightSchema = z
  .array(z.object({ start: z.number().int().min(0), end: z.number().int().min(0) }))
  .describe("Partes del título (o nombre) que coinciden con la búsqueda: posiciones UTF-16, `end` excluido.");

export type HighlightRange = z.infer<typeof highlightSchema>[number];

const highlighted = { highlight: highlightSchema };

export const searchResultSchema = z.object({
  events: z.array(eventListItemSchema.extend(highlighted)),
  places: z.array(placeListItemSchema.extend(highlighted)),
  news: z.array(newsListItemSchema.extend(highlighted)),
  communities: z.array(communityListItemSchema.extend(highlighted)),
  users: z.array(userSummarySchema.extend(highlighted)),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
