import { z } from "zod";
import { latitudeSchema, longitudeSchema, optionalText, requiredText } from "./content";

// A user's saved addresses (home, work…), used to rank "Eventos para ti" by distance, and the
// postal-address fields places share. Looked up through a Nominatim-format geocoder, typed by
// hand when it cannot be reached.

/** Saved addresses per user (documented in docs/authorization-content.md). */
export const ADDRESS_LIMIT = 10;

export const postalAddressFields = {
  street: requiredText("La calle", 160),
  number: optionalText("El número", 20),
  neighbourhood: optionalText("La colonia", 120),
  city: requiredText("La ciudad", 120),
  state: requiredText("El estado", 120),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, "El código postal debe tener 5 dígitos.")
    .nullable()
    .optional()
    .or(z.literal("").transform(() => null)),
  country: requiredText("El país", 80).optional(),
  lat: latitudeSchema.nullable().optional(),
  lng: longitudeSchema.nullable().optional(),
};

function coordinatesTogether(value: { lat?: number | null; lng?: number | null }, ctx: z.RefinementCtx) {
  if ((value.lat == null) !== (value.lng == null)) {
    ctx.addIssue({ code: "custom", path: [value.lat == null ? "lat" : "lng"], message: "Indica latitud y longitud juntas." });
  }
}

const addressObject = z.object({ label: requiredText("El nombre de la dirección", 60), ...postalAddressFields }).strict();

export const addressPayloadSchema = addressObject.superRefine(coordinatesTogether);
export type AddressPayload = z.infer<typeof addressPayloadSchema>;

export const addressUpdatePayloadSchema = addressObject.partial().strict().superRefine(coordinatesTogether);
export type AddressUpdatePayload = z.infer<typeof addressUpdatePayloadSchema>;

export const addressSchema = z.object({
  _id: z.string(),
  label: z.string(),
  street: z.string(),
  number: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string().nullable(),
  country: z.string(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

/** `GET /addresses/lookup?q=`: candidates from the geocoder, ready to fill the form. */
export const addressLookupQuerySchema = z
  .object({
    q: requiredText("La dirección a buscar", 200, 3),
  })
  .strict();

export const addressCandidateSchema = z.object({
  displayName: z.string(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  neighbourhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  postalCode: z.string().nullable(),
  country: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
});
export type AddressCandidate = z.infer<typeof addressCandidateSchema>;

export const GEOCODER_UNAVAILABLE_MESSAGE = "No pudimos buscar la dirección; escríbela a mano.";
