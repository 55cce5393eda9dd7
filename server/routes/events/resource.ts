import { eventDeleteQuerySchema, eventListQuerySchema, eventMineQuerySchema } from "../../../lib/schemas/event-queries";
import {
  eventPayloadSchema,
  eventListItemSchema,
  eventSchema,
  eventUpdatePayloadSchema,
  EVENT_TIME_ZONE,
  SERIES_HORIZON_DAYS,
  SERIES_MAX_OCCURRENCES,
  type Event,
  type EventPayload,
  type EventUpdatePayload,
  type EventWhen,
} from "../../../lib/schemas/events";
import { contentResource } from "../content/resource";
import { addDays, todayWindow, wallTimeToDate, weekendWindow, weekWindow } from "../content/time";
import { canEditEvent, toEvent } from "./mappers";
import { deletionNotifications, publicationNotifications } from "./notifications";
import { registerCalendarFile, registerForYou } from "./reads";
import { createEventsRepository, type EventFilters, type EventRow, type EventWindow } from "./repository";
import { registerSeriesTimer } from "./series-timer";
import { createEvent, updateEvent } from "./writes";

// Events: dates in the city's agenda, alone or in series, at a place or an address or online,
// possibly of a community. Beyond the shared calls: time windows in lists, "para ti", calendar
// files, series edited "from this date on", and notices to followers of what changed.

export const EVENT_NOT_FOUND = "Evento no encontrado.";

/** List filters plus the time window asked for. */
type EventListFilters = EventFilters & { when?: EventWhen; from?: string; to?: string };

/** A bound of the window: an instant as given, or a calendar day of the city (`to` includes that day). */
function boundOf(value: string, end: boolean): Date {
  if (value.includes("T")) return new Date(value);
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = { year, month, day, hour: 0, minute: 0, second: 0 };
  return wallTimeToDate(end ? addDays(date, 1) : date, EVENT_TIME_ZONE);
}

export function windowFor(when: EventWhen | undefined, from: string | undefined, to: string | undefined, now: Date): EventWindow {
  if (when === "past") return { kind: "past", before: from ? new Date(Math.min(boundOf(from, false).getTime(), now.getTime())) : now };
  const base =
    when === "today"
      ? todayWindow(now, EVENT_TIME_ZONE)
      : when === "weekend"
        ? weekendWindow(now, EVENT_TIME_ZONE)
        : when === "week"
          ? weekWindow(now, EVENT_TIME_ZONE)
          : { from: now, to: null };
  return { kind: "forward", from: from ? boundOf(from, false) : base.from, to: to ? boundOf(to, true) : base.to };
}

export const eventsRoutes = contentResource<EventRow, Event, EventPayload, EventUpdatePayload, EventListFilters>({
  kind: "events",
  notFound: EVENT_NOT_FOUND,
  cannotEdit: "Solo quien organiza el evento, los responsables de su comunidad o la administración pueden cambiarlo.",
  schemas: {
    item: eventSchema,
    listItem: eventListItemSchema,
    list: eventListQuerySchema,
    ownLists: eventMineQuerySchema,
    create: eventPayloadSchema,
    update: eventUpdatePayloadSchema,
    remove: eventDeleteQuerySchema,
  },
  docs: {
    mine: { summary: "Eventos que organizo", description: "Próximos (o `when=past`), incluidos los ocultos por moderación con su motivo." },
    create: {
      summary: "Publicar un evento (o una serie)",
      description:
        "Con `recurrence` crea una serie: weekly/monthly (cada `interval` semanas o meses, hasta `until` o, sin fin, " +
        `${SERIES_HORIZON_DAYS} días por delante, que se extienden solos) o dates (lista de fechas); como máximo ` +
        `${SERIES_MAX_OCCURRENCES} fechas. Cada fecha es un evento con su propio _id; responde la primera. ` +
        "Acepta `Idempotency-Key`. Cuentas sin verificar: 3 al día (una serie cuenta como uno); 429 al pasarse. " +
        "Avisa a quienes siguen el lugar, la comunidad o a quien organiza.",
    },
    descriptions: {
      list:
        "Próximos por hora de inicio (incluye los que están en curso). `when`: upcoming (por omisión), today, weekend " +
        "(viernes 18:00 a domingo, hora de Saltillo), week (de ahora al lunes siguiente) o past (del más reciente hacia atrás). " +
        "`from`/`to` ajustan la ventana: un instante ISO 8601 o un día AAAA-MM-DD de la ciudad (`to` incluye ese día). " +
        "Filtros: placeId, communityId, organizerId, tag (slug), category (del lugar), free, maxPrice (gratis o hasta ese precio), " +
        "mode (online o in-person), lat+lng+radius (km, por el punto del evento o de su lugar), accessibility (lista separada por comas; " +
        "los eventos que declaran todas), featured, seriesId. `visibility=hidden|all` solo para administración.",
      following: "Próximos (o `when=past`).",
      update:
        "Quien organiza, propietarios y administradores de su comunidad, o la administración. Los campos que no se envían se conservan. " +
        "En una serie, `scope: \"following\"` aplica el cambio a esta fecha y a las siguientes (un cambio de hora las mueve a todas " +
        "lo mismo). Quienes siguen el evento reciben un aviso si cambia la hora o el lugar, o si se cancela o pospone.",
      remove:
        "Quien organiza, responsables de su comunidad o la administración (que indica `?reason=` al borrar lo de otra persona). " +
        "En una serie, `scope=following` borra esta fecha y las siguientes. Quienes lo seguían reciben un aviso. " +
        "Para avisar que no se hará, mejor cambia su estado a cancelled.",
    },
  },

  repository(db) {
    const events = createEventsRepository(db);
    return {
      findById: events.findById,
      findMany: events.findMany,
      list: ({ when, from, to, ...filters }, page, viewerId) => events.list(filters, windowFor(when, from, to, new Date()), page, viewerId),
    };
  },
  canEdit: canEditEvent,
  viewerRole: { column: "viewer_community_role", communityOf: (row) => row.community_id },
  toItem: toEvent,
  cover: (row) => row.cover_image,
  mine: (viewerId) => ({ organizerId: viewerId, visibility: "all" }),
  create: createEvent,
  published: (item, db) => publicationNotifications(db, item),
  update: updateEvent,
  remove: {
    ids: async (row, query, { database }) =>
      query.scope === "following" && row.series_id ? createEventsRepository(database).followingOccurrences(row.series_id, row.id) : [row.id],
    notices: async (ids, viewer, ctx) => {
      const gone = (await createEventsRepository(ctx.database).findMany(ids, viewer.id)).map((r) => toEvent(r, viewer));
      return deletionNotifications(ctx.database, gone, viewer.id);
    },
  },
  reads: registerForYou,
  routes(app, ctx) {
    registerCalendarFile(app, ctx);
    registerSeriesTimer(app, ctx.database);
  },
});
