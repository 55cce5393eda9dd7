import type { FastifyPluginAsync } from "fastify";
import type { Database } from "../../db/client";
import type { ImageStore } from "../../storage/store";
import { createNominatimGeocoder, type Geocoder } from "../../geocoding/nominatim";
import { addressesRoutes } from "../addresses/routes";
import { calendarRoutes } from "../calendar/routes";
import { communitiesRoutes } from "../communities/resource";
import { EMBED_PREFIX, embedRoutes } from "../embed/routes";
import { feedsRoutes } from "../feeds/routes";
import { importsRoutes } from "../imports/routes";
import type { FetchText } from "../../net/fetcher";
import { eventsRoutes } from "../events/resource";
import { newsRoutes } from "../news/resource";
import { placesRoutes } from "../places/resource";
import { moderationLogRoutes } from "../moderation-log/routes";
import { searchRoutes } from "../search/routes";
import { tagsRoutes } from "../tags/routes";
import type { PublicCovers } from "./covers";
import { createContentNotifier } from "./notify";
import { sharedRows } from "./shared-rows";
import { keptViewers } from "./viewer-rows";

// Every content resource under one registration, so app.ts needs a single line:
// /events, /places, /news, /communities, /tags, /addresses, /search, /calendar, /feeds, /embed,
// /imports.

export interface ContentRoutesOptions {
  database: Database;
  /** Nominatim-format geocoder base URL (GEOCODER_URL); empty disables look-ups. */
  geocoderUrl: string;
  /** Identifying User-Agent sent to the geocoder (GEOCODER_USER_AGENT). */
  geocoderUserAgent?: string;
  /** Tests pass their own. */
  geocoder?: Geocoder;
  /** The accounts module's image store (PUT /<kind>/{id}/image). */
  images?: ImageStore;
  /** The bounded fetcher imports read remote calendars and pages with. */
  fetchText: FetchText;
  /** Filled with each kind's cover lookup, for the detail pages (plugins/static.ts). */
  publicCovers?: PublicCovers;
}

export const contentRoutes: FastifyPluginAsync<ContentRoutesOptions> = async (api, { database, geocoderUrl, geocoderUserAgent, geocoder, images, fetchText, publicCovers }) => {
  const notify = createContentNotifier(database, api.log);
  // One reader's facts serve every kind's reads: kept once for all four (viewer-rows.ts).
  const viewers = api.hasDecorator("contentStamp") ? keptViewers(sharedRows((scope) => api.contentStamp(scope))) : null;
  for (const [prefix, resource] of [
    ["/events", eventsRoutes],
    ["/places", placesRoutes],
    ["/news", newsRoutes],
    ["/communities", communitiesRoutes],
  ] as const) {
    await api.register(resource, { prefix, database, notify, images, publicCovers, viewers });
  }
  await api.register(tagsRoutes, { prefix: "/tags", database });
  await api.register(addressesRoutes, {
    prefix: "/addresses",
    database,
    geocoder: geocoder ?? createNominatimGeocoder({ url: geocoderUrl, userAgent: geocoderUserAgent, timeoutMs: 4000 }),
  });
  await api.register(searchRoutes, { prefix: "/search", database });
  await api.register(moderationLogRoutes, { prefix: "/moderation-log", database });
  await api.register(calendarRoutes, { prefix: "/calendar", database });
  await api.register(feedsRoutes, { prefix: "/feeds", database });
  await api.register(embedRoutes, { prefix: EMBED_PREFIX, database });
  await api.register(importsRoutes, { prefix: "/imports", database, fetchText });
};
