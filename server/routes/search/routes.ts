import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { searchQuerySchema, searchResultSchema, type SearchResult } from "../../../lib/schemas/search";
import type { Database } from "../../db/client";
import { optionalIdentity } from "../../plugins/auth";
import { toCommunity } from "../communities/mappers";
import { createCommunitiesRepository } from "../communities/repository";
import { viewerOf } from "../content/viewer";
import { envelope, errorResponses } from "../contract";
import { toEvent } from "../events/mappers";
import { createEventsRepository } from "../events/repository";
import { toNews } from "../news/mappers";
import { createNewsRepository } from "../news/repository";
import { toPlace } from "../places/mappers";
import { createPlacesRepository } from "../places/repository";
import { highlightRanges } from "./match";
import { createSearchRepository, searchTerms } from "./repository";

export interface SearchRoutesOptions {
  database: Database;
}

export const searchRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { database }) => {
  const search = createSearchRepository(database);
  const events = createEventsRepository(database);
  const places = createPlacesRepository(database);
  const news = createNewsRepository(database);
  const communities = createCommunitiesRepository(database);

  app.get(
    "/",
    {
      onRequest: optionalIdentity,
      schema: {
        tags: ["search"],
        summary: "Buscar",
        description:
          "Eventos (primero los próximos), lugares, noticias, comunidades y personas. Sin distinguir acentos ni mayúsculas, " +
          "con prefijos («teat» encuentra «Teatro») y, después de esas, con errores de dedo («tatro» encuentra «Teatro»; " +
          "desde 4 letras). Cada resultado trae `highlight`: qué partes de su título o nombre coinciden. " +
          "`kind` limita a un tipo; `limit` por tipo (5 por omisión, 20 con `kind`).",
        querystring: searchQuerySchema,
        response: { 200: envelope(searchResultSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const viewer = await viewerOf(request);
      const { q, kind } = request.query;
      const limit = request.query.limit ?? (kind ? 20 : 5);
      const result: SearchResult = { events: [], places: [], news: [], communities: [], users: [] };
      const terms = searchTerms(q);
      if (!terms) return { data: result };
      const wants = (k: keyof SearchResult) => !kind || kind === k;
      const marked = <T>(item: T, text: string) => ({ ...item, highlight: highlightRanges(text, q) });
      if (wants("events")) {
        result.events = (await events.findMany(await search.events(terms, limit), viewer.id)).map((r) => toEvent(r, viewer)).map((e) => marked(e, e.title));
      }
      if (wants("places")) {
        result.places = (await places.findMany(await search.ranked("places", terms, limit), viewer.id)).map((r) => toPlace(r, viewer)).map((p) => marked(p, p.name));
      }
      if (wants("news")) {
        result.news = (await news.findMany(await search.ranked("news", terms, limit), viewer.id)).map((r) => toNews(r, viewer)).map((n) => marked(n, n.title));
      }
      if (wants("communities")) {
        result.communities = (await communities.findMany(await search.ranked("communities", terms, limit), viewer.id))
          .map((r) => toCommunity(r, viewer))
          .map((c) => marked(c, c.name));
      }
      if (wants("users")) {
        result.users = (await search.users(terms, limit)).map((u) =>
          marked({ _id: u.id, name: u.name, verified: u.verified, profileImage: u.profile_image }, u.name),
        );
      }
      return { data: result };
    },
  );
};
