import type { EventPayload, EventUpdatePayload, Event } from "../../../lib/schemas/events";
import { EVENT_TIME_ZONE, eventShapeIssues, SERIES_HORIZON_DAYS, SERIES_MAX_OCCURRENCES } from "../../../lib/schemas/events";
import type { Queryable } from "../../db/client";
import { communityIssues, validationError, type Issue } from "../content/publishing";
import type { ResourceContext } from "../content/resource";
import type { Viewer } from "../content/viewer";
import { createTagsRepository } from "../tags/repository";
import { changeNotifications } from "./notifications";
import { createEventsRepository, type EventRow, type EventWrite } from "./repository";
import { generateOccurrences } from "./series";

// Publishing and editing events: one date or a series of them, checked against the places,
// communities and tags they refer to; an edit may reach the later dates of a series and tells
// followers what changed.

function writeFrom(payload: EventPayload): EventWrite {
  return {
    title: payload.title,
    description: payload.description ?? "",
    startsAt: new Date(payload.startsAt),
    endsAt: payload.endsAt ? new Date(payload.endsAt) : null,
    allDay: payload.allDay ?? false,
    timeZone: payload.timeZone ?? EVENT_TIME_ZONE,
    placeId: payload.placeId ?? null,
    address: payload.address ?? null,
    lat: payload.lat ?? null,
    lng: payload.lng ?? null,
    onlineUrl: payload.onlineUrl ?? null,
    priceType: payload.priceType ?? "free",
    priceAmount: payload.priceAmount ?? null,
    priceNote: payload.priceNote ?? null,
    capacity: payload.capacity ?? null,
    accessibility: payload.accessibility ?? null,
    accessibilityFeatures: payload.accessibilityFeatures ?? [],
    communityId: payload.communityId ?? null,
    status: "published",
    statusNote: null,
  };
}

/** Place, community and tags must exist, and only members publish in a community. */
async function checkReferences(
  db: Queryable,
  viewer: Viewer,
  refs: { placeId?: string | null; communityId?: string | null; tags?: string[] },
): Promise<string[] | undefined> {
  const issues: Issue[] = [];
  if (refs.placeId) {
    const place = await createEventsRepository(db).placeExists(refs.placeId);
    if (!place || (place.hidden && !viewer.isAdmin)) issues.push({ path: ["placeId"], message: "El lugar no existe." });
  }
  issues.push(...(await communityIssues(db, refs.communityId, viewer)));
  let tagIds: string[] | undefined;
  if (refs.tags) {
    const resolved = await createTagsRepository(db).resolveSlugs(refs.tags);
    for (const slug of resolved.missing) issues.push({ path: ["tags"], message: `La etiqueta «${slug}» no existe.` });
    tagIds = resolved.ids;
  }
  if (issues.length > 0) throw validationError(issues);
  return tagIds;
}

/** Inserts the event, or the dates of its series; returns the (first) id. */
export async function createEvent(tx: Queryable, payload: EventPayload, viewer: Viewer & { id: string }): Promise<string> {
  const input = writeFrom(payload);
  const tagIds = (await checkReferences(tx, viewer, { placeId: input.placeId, communityId: input.communityId, tags: payload.tags ?? [] })) ?? [];
  const repo = createEventsRepository(tx);
  if (!payload.recurrence) return repo.createSingle(input, viewer.id, tagIds);
  const recurrence = payload.recurrence;
  // Open-ended series are materialised SERIES_HORIZON_DAYS ahead (of their start, if later);
  // a series with an end date is limited only by it and by SERIES_MAX_OCCURRENCES.
  const horizon = recurrence.until
    ? new Date(8_640_000_000_000_000)
    : new Date(Math.max(Date.now(), input.startsAt.getTime()) + SERIES_HORIZON_DAYS * 86_400_000);
  const pattern = {
    rule: recurrence.rule,
    interval: recurrence.interval ?? 1,
    until: recurrence.until ?? null,
    dates: (recurrence.dates ?? []).map((d) => new Date(d)),
    firstStartsAt: input.startsAt,
    timeZone: input.timeZone,
  };
  const starts = generateOccurrences(pattern, { horizon, max: SERIES_MAX_OCCURRENCES });
  if (starts.length === 0) throw validationError([{ path: ["recurrence", "until"], message: "La serie no tiene ninguna fecha." }]);
  const created = await repo.createSeries(
    input,
    {
      ...pattern,
      durationMinutes: input.endsAt ? Math.round((input.endsAt.getTime() - input.startsAt.getTime()) / 60_000) : null,
      materialisedUntil: pattern.until === null && pattern.rule !== "dates" ? horizon : starts[starts.length - 1]!,
    },
    starts,
    viewer.id,
    tagIds,
  );
  return created[0]!;
}

/** Applies an edit to the event (or to it and its later dates) and tells followers what changed. */
export async function updateEvent(row: EventRow, body: EventUpdatePayload, viewer: Viewer & { id: string }, ctx: ResourceContext<EventRow, Event>): Promise<void> {
  const { database } = ctx;
  const events = createEventsRepository(database);
  const { scope, tags, status, statusNote, ...fields } = body;

  const oldStart = new Date(row.starts_at as string);
  const newStart = fields.startsAt ? new Date(fields.startsAt) : oldStart;
  const merged = {
    startsAt: newStart.toISOString(),
    endsAt: fields.endsAt !== undefined ? fields.endsAt : row.ends_at === null ? null : new Date(row.ends_at as string).toISOString(),
    placeId: fields.placeId !== undefined ? fields.placeId : row.place_id,
    address: fields.address !== undefined ? fields.address : row.address,
    onlineUrl: fields.onlineUrl !== undefined ? fields.onlineUrl : row.online_url,
    priceType: fields.priceType ?? row.price_type,
    priceAmount: fields.priceAmount !== undefined ? fields.priceAmount : row.price_amount === null ? null : Number(row.price_amount),
    // Only coordinates sent now are checked for pairing; the stored ones already passed.
    lat: fields.lat === undefined && fields.lng === undefined ? null : (fields.lat ?? null),
    lng: fields.lat === undefined && fields.lng === undefined ? null : (fields.lng ?? null),
  };
  // Making an event free drops its price.
  if (fields.priceType === "free" && fields.priceAmount === undefined) merged.priceAmount = null;
  const issues = eventShapeIssues(merged);
  if (issues.length > 0) throw validationError(issues);

  const ids = scope === "following" && row.series_id ? await events.followingOccurrences(row.series_id, row.id) : [row.id];
  const changes = await database.transaction(async (tx) => {
    const repo = createEventsRepository(tx);
    const tagIds = await checkReferences(tx, viewer, {
      placeId: fields.placeId !== undefined && fields.placeId !== row.place_id ? fields.placeId : undefined,
      communityId: fields.communityId !== undefined && fields.communityId !== row.community_id ? fields.communityId : undefined,
      tags,
    });
    const before = await repo.lockForUpdate(ids);
    const patch: Partial<Omit<EventWrite, "startsAt" | "endsAt">> = {
      title: fields.title,
      description: fields.description === undefined ? undefined : (fields.description ?? ""),
      allDay: fields.allDay,
      timeZone: fields.timeZone,
      placeId: fields.placeId,
      address: fields.address,
      lat: fields.lat,
      lng: fields.lng,
      onlineUrl: fields.onlineUrl,
      priceType: fields.priceType,
      priceAmount: fields.priceAmount !== undefined ? fields.priceAmount : fields.priceType === "free" ? null : undefined,
      priceNote: fields.priceNote,
      capacity: fields.capacity,
      accessibility: fields.accessibility,
      accessibilityFeatures: fields.accessibilityFeatures,
      communityId: fields.communityId,
      status,
      statusNote: statusNote !== undefined ? statusNote : status !== undefined && status !== row.status ? null : undefined,
    };
    const shiftMs = newStart.getTime() - oldStart.getTime();
    const lengthMs =
      fields.endsAt === undefined ? undefined : fields.endsAt === null ? null : Date.parse(fields.endsAt) - newStart.getTime();
    await repo.update(ids, patch, { shiftMs, lengthMs }, Boolean(row.series_id) && scope !== "following" && (shiftMs !== 0 || lengthMs !== undefined));
    if (tagIds) await repo.replaceTags(ids, tagIds);
    const after = await repo.lockForUpdate(ids);
    return { before, after };
  });
  const updated = (await events.findMany(ids, viewer.id)).map((r) => ctx.toItem(r, viewer));
  await ctx.notify(await changeNotifications(database, changes.before, changes.after, updated, viewer.id));
}
