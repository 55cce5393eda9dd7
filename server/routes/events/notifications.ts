import type { Event, EventStatus } from "../../../lib/schemas/events";
import type { Queryable } from "../../db/client";
import { formatCityDateTime } from "../../../lib/schemas/city-time";
import { followersByTarget } from "../content/follows";
import type { NotifyItem } from "../content/notify";

// What followers are told about events. Only real changes notify: a new event at a place,
// community or organiser they follow, or with a tag they follow; a followed event changing time or place, being cancelled,
// postponed or confirmed again, or being deleted. The person who made the change is never
// notified of it.

const when = (event: Pick<Event, "startsAt">) => formatCityDateTime(new Date(event.startsAt));

function where(event: Event): string {
  if (event.place) return event.place.name;
  if (event.address) return event.address;
  if (event.onlineUrl) return "en línea";
  return "un lugar por confirmar";
}

/** A new event (the first date of a series): one notice per person, for the closest reason. */
export async function publicationNotifications(db: Queryable, event: Event): Promise<NotifyItem[]> {
  const actor = event.organizer?._id ?? null;
  const recipients = new Map<string, string>();
  const add = (ids: string[] | undefined, title: string) => {
    for (const id of ids ?? []) if (!recipients.has(id)) recipients.set(id, title);
  };
  if (event.place) {
    add((await followersByTarget(db, "places", [event.place._id], actor)).get(event.place._id), `Nuevo evento en ${event.place.name}`);
  }
  if (event.community) {
    add(
      (await followersByTarget(db, "communities", [event.community._id], actor)).get(event.community._id),
      `Nuevo evento de ${event.community.name}`,
    );
  }
  if (event.organizer) {
    add((await followersByTarget(db, "users", [event.organizer._id], actor)).get(event.organizer._id), `${event.organizer.name} publicó un evento`);
  }
  if (event.tags.length > 0) {
    const byTag = await followersByTarget(db, "tags", event.tags.map((t) => t._id), actor);
    for (const tag of event.tags) add(byTag.get(tag._id), `Nuevo evento con la etiqueta «${tag.name}»`);
  }
  const series = event.series && event.series.occurrencesCount > 1 ? ` (primera de ${event.series.occurrencesCount} fechas)` : "";
  return [...recipients].map(([userId, title]) => ({
    userId,
    kind: "event_published",
    title,
    body: `${event.title} · ${when(event)}${series} · ${where(event)}`,
    link: `/events/${event._id}`,
    data: { eventId: event._id },
    idempotencyKey: `event_published:${event._id}`,
  }));
}

export interface EventStateRow {
  id: string;
  title: string;
  starts_at: unknown;
  ends_at: unknown;
  place_id: string | null;
  address: string | null;
  online_url: string | null;
  status: EventStatus;
}

const time = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).getTime());

/** Compares each occurrence before and after an edit and tells its followers what changed. */
export async function changeNotifications(
  db: Queryable,
  before: EventStateRow[],
  after: EventStateRow[],
  updated: Event[],
  actorId: string,
): Promise<NotifyItem[]> {
  const beforeById = new Map(before.map((r) => [r.id, r]));
  const eventById = new Map(updated.map((e) => [e._id, e]));
  const changed: { id: string; kind: string; title: string; body: string; changes: string[] }[] = [];
  for (const now of after) {
    const old = beforeById.get(now.id);
    const event = eventById.get(now.id);
    if (!old || !event) continue;
    const timeChanged = time(old.starts_at) !== time(now.starts_at) || time(old.ends_at) !== time(now.ends_at);
    const placeChanged = old.place_id !== now.place_id || old.address !== now.address || old.online_url !== now.online_url;
    const statusChanged = old.status !== now.status;
    if (!timeChanged && !placeChanged && !statusChanged) continue;
    const changes: string[] = [];
    const sentences: string[] = [];
    let kind = "event_updated";
    let title = `Cambios en «${now.title}»`;
    if (statusChanged && now.status === "cancelled") {
      kind = "event_cancelled";
      title = `Evento cancelado: ${now.title}`;
      sentences.push(event.statusNote ?? `El evento del ${when(event)} se canceló.`);
      changes.push("status");
    } else if (statusChanged && now.status === "postponed") {
      kind = "event_postponed";
      title = `Evento pospuesto: ${now.title}`;
      sentences.push(event.statusNote ?? "El evento se pospuso; pronto habrá nueva fecha.");
      changes.push("status");
    } else if (statusChanged) {
      title = `Evento confirmado: ${now.title}`;
      sentences.push("El evento vuelve a estar en pie.");
      changes.push("status");
    }
    if (timeChanged) {
      if (changes.length === 0) title = `Cambio de horario: ${now.title}`;
      sentences.push(`Ahora: ${when(event)} (antes: ${formatCityDateTime(new Date(old.starts_at as string))}).`);
      changes.push("time");
    }
    if (placeChanged) {
      if (changes.length === 0) title = `Cambio de lugar: ${now.title}`;
      sentences.push(`Ahora será en ${where(event)}.`);
      changes.push("place");
    }
    if (changes.length > 1 && !changes.includes("status")) title = `Cambios en «${now.title}»`;
    changed.push({ id: now.id, kind, title, body: sentences.join(" "), changes });
  }
  if (changed.length === 0) return [];
  const followers = await followersByTarget(
    db,
    "events",
    changed.map((c) => c.id),
    actorId,
  );
  return changed.flatMap((c) =>
    (followers.get(c.id) ?? []).map((userId) => ({
      userId,
      kind: c.kind,
      title: c.title,
      body: c.body,
      link: `/events/${c.id}`,
      data: { eventId: c.id, changes: c.changes },
    })),
  );
}

/** Followers of deleted events are told, since the event simply vanishes from their lists. */
export async function deletionNotifications(db: Queryable, events: Event[], actorId: string): Promise<NotifyItem[]> {
  const followers = await followersByTarget(
    db,
    "events",
    events.map((e) => e._id),
    actorId,
  );
  return events.flatMap((event) =>
    (followers.get(event._id) ?? []).map((userId) => ({
      userId,
      kind: "event_deleted",
      title: `Evento retirado: ${event.title}`,
      body: `El evento del ${when(event)} ya no está en la agenda.`,
      link: null,
      data: { eventId: event._id },
    })),
  );
}
