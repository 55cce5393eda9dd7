import type { Event } from "../../../lib/schemas/events";
import type { Database } from "../../db/client";
import { notFound, USER_NOT_FOUND } from "../../plugins/errors";
import { createCommunitiesRepository } from "../communities/repository";
import { COMMUNITY_NOT_FOUND } from "../communities/resource";
import { toEvent } from "../events/mappers";
import { createEventsRepository, type EventFilters } from "../events/repository";
import { windowFor } from "../events/resource";
import { createPlacesRepository } from "../places/repository";
import { PLACE_NOT_FOUND } from "../places/resource";
import { createTagsRepository } from "../tags/repository";
import { findUserById } from "../users/user-queries";
import type { EventWhen } from "../../../lib/schemas/events";

// The public, anonymous selection of upcoming events that leaves Plaza: feeds and embedded
// agendas. Visible events only, read as nobody (no follow flags), narrowed to one place,
// community, tag or person; a hidden or missing subject is a 404, like its page.

export const TAG_NOT_FOUND = "Etiqueta no encontrada.";

export interface EventSelection {
  placeId?: string;
  communityId?: string;
  /** A tag's slug. */
  tag?: string;
  organizerId?: string;
}

export interface SelectionSubject {
  /** What the selection is about, e.g. "Teatro García Carrillo", "#jazz", "Saltillo". */
  subject: string;
  kind: "city" | "place" | "community" | "tag" | "person";
  /** The Plaza page that lists the same events, a path on the public origin. */
  page: string;
}

const anonymous = { id: null, user: null, isAdmin: false };

export function createEventSelection(database: Database) {
  const events = createEventsRepository(database);
  const places = createPlacesRepository(database);
  const communities = createCommunitiesRepository(database);
  const tags = createTagsRepository(database);

  async function visibleName(kind: "place" | "community", value: string): Promise<string> {
    const row = kind === "place" ? await places.findById(value, null) : await communities.findById(value, null);
    if (!row || row.hidden) throw notFound(kind === "place" ? PLACE_NOT_FOUND : COMMUNITY_NOT_FOUND);
    return row.name;
  }

  return {
    visibleName,
    async personName(value: string): Promise<string> {
      const row = await findUserById(database, value);
      if (!row) throw notFound(USER_NOT_FOUND);
      return row.name;
    },
    async subjectOf(q: EventSelection): Promise<SelectionSubject> {
      if (q.placeId) return { subject: await visibleName("place", q.placeId), kind: "place", page: `/places/${q.placeId}` };
      if (q.communityId) return { subject: await visibleName("community", q.communityId), kind: "community", page: `/communities/${q.communityId}` };
      if (q.tag) {
        const { ids } = await tags.resolveSlugs([q.tag]);
        const row = ids[0] ? await tags.findById(ids[0]) : null;
        if (!row) throw notFound(TAG_NOT_FOUND);
        return { subject: `#${row.name}`, kind: "tag", page: `/search/?tag=${encodeURIComponent(q.tag)}` };
      }
      if (q.organizerId) return { subject: await this.personName(q.organizerId), kind: "person", page: `/profile/${q.organizerId}` };
      return { subject: "Saltillo", kind: "city", page: "/" };
    },
    /** Upcoming visible events of the selection (and any further list filters), soonest first. */
    async upcoming(q: EventSelection & Omit<EventFilters, "visibility">, limit: number, when?: EventWhen): Promise<Event[]> {
      const found = await events.list({ ...q, visibility: "visible" }, windowFor(when, undefined, undefined, new Date()), { limit }, null);
      return found.rows.map((row) => toEvent(row, anonymous));
    },
  };
}
