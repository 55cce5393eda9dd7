import type { CommunityFilters } from "@/lib/api/communities";
import type { EventFilters } from "@/lib/api/events";
import type { NewsFilters } from "@/lib/api/news";
import type { PlaceFilters } from "@/lib/api/places";
import { PAGE_SIZE } from "@/lib/api/content";

// What each list of the home asks the API for, defined once: the section that shows a list and
// the idle prefetch that keeps the sections below the fold for offline use must ask for the same
// thing, or the prefetched copy would sit under another key.

export const HOME_EVENT_LISTS = {
  today: { filters: { when: "today" }, limit: 6 },
  weekend: { filters: { when: "weekend" }, limit: 6 },
  /** "Eventos para ti" of someone signed out: what is coming up. */
  forYouSignedOut: { filters: { when: "upcoming" }, limit: 6 },
  /** The last section: further pages from its button only, or the footer under it would move away
   * each time someone reached it (and never be reached in a city with hundreds of events). */
  upcoming: { filters: { when: "upcoming" }, limit: PAGE_SIZE },
} satisfies Record<string, { filters: EventFilters; limit: number }>;

export const HOME_NEWS = { filters: {}, limit: 4 } satisfies { filters: NewsFilters; limit: number };
export const HOME_COMMUNITIES = { filters: { featured: true }, limit: 4 } satisfies { filters: CommunityFilters; limit: number };
export const HOME_PLACES = { filters: { featured: true }, limit: 4 } satisfies { filters: PlaceFilters; limit: number };
