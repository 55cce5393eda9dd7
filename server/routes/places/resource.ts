import { placeListItemSchema, placeListQuerySchema, placePayloadSchema, placeSchema, placeUpdatePayloadSchema, type Place, type PlacePayload, type PlaceUpdatePayload } from "../../../lib/schemas/places";
import { contentResource } from "../content/resource";
import { canEditPlace, toPlace } from "./mappers";
import { createPlacesRepository, type PlaceListFilters, type PlaceRow, type PlaceWrite } from "./repository";

// Places: venues with an address, coordinates, opening hours and contact; their events are
// listed by the events resource (`GET /events?placeId=`).

export const PLACE_NOT_FOUND = "Lugar no encontrado.";

/** The payload over the stored place (fields not sent are kept), or over the defaults of a new one. */
function toWrite(payload: Partial<PlacePayload>, existing: PlaceRow | null): PlaceWrite {
  const address = payload.address;
  const pick = <T>(value: T | undefined, fallback: T): T => (value === undefined ? fallback : value);
  return {
    name: pick(payload.name, existing?.name ?? ""),
    description: pick(payload.description, existing?.description ?? null) ?? "",
    category: pick(payload.category, existing?.category ?? "otro"),
    street: pick(address?.street, existing?.street ?? null),
    number: pick(address?.number, existing?.number ?? null),
    neighbourhood: pick(address?.neighbourhood, existing?.neighbourhood ?? null),
    city: pick(address?.city, existing?.city ?? "Saltillo"),
    state: pick(address?.state, existing?.state ?? "Coahuila"),
    postalCode: pick(address?.postalCode, existing?.postal_code ?? null),
    country: pick(address?.country, existing?.country ?? "México"),
    lat: pick(payload.lat, existing?.lat ?? null),
    lng: pick(payload.lng, existing?.lng ?? null),
    openingHours: pick(payload.openingHours, existing?.opening_hours ?? []),
    openingHoursNote: pick(payload.openingHoursNote, existing?.opening_hours_note ?? null),
    contact: pick(payload.contact, existing?.contact ?? {}),
    accessibility: pick(payload.accessibility, existing?.accessibility ?? null),
    accessibilityFeatures: pick(payload.accessibilityFeatures, existing?.accessibility_features ?? []),
  };
}

export const placesRoutes = contentResource<PlaceRow, Place, PlacePayload, PlaceUpdatePayload, PlaceListFilters>({
  kind: "places",
  notFound: PLACE_NOT_FOUND,
  cannotEdit: "Solo quien publicó este lugar o la administración pueden cambiarlo.",
  schemas: { item: placeSchema, listItem: placeListItemSchema, list: placeListQuerySchema, create: placePayloadSchema, update: placeUpdatePayloadSchema },
  docs: {
    mine: { summary: "Lugares que publiqué", description: "Incluye los ocultos por moderación (con su motivo)." },
    create: {
      summary: "Publicar un lugar",
      description:
        "Acepta `Idempotency-Key`: repetir la petición con la misma clave devuelve el mismo lugar (200) sin duplicarlo. " +
        "Cuentas sin verificar: hasta 2 lugares al día (429).",
    },
    descriptions: {
      list: "Por nombre. Filtros: category, featured, authorId. `visibility=hidden|all` solo para administración.",
      get: "Sus eventos: `GET /events?placeId=` (próximos) y `GET /events?placeId=&when=past` (pasados).",
      update: "Quien lo publicó o la administración. Los campos que no se envían se conservan.",
      remove: "Quien lo publicó o la administración (que indica `?reason=` al borrar lo de otra persona). Sus eventos se conservan sin lugar.",
    },
  },

  repository: createPlacesRepository,
  canEdit: canEditPlace,
  toItem: toPlace,
  cover: (row) => row.cover_image,
  mine: (viewerId) => ({ authorId: viewerId, visibility: "all" }),
  create: (tx, body, viewer) => createPlacesRepository(tx).create(toWrite(body, null), viewer.id),
  update: (row, body, _viewer, { database }) => createPlacesRepository(database).update(row.id, toWrite(body, row)),
});
