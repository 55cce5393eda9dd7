import type { AddressCandidate } from "../../lib/schemas/addresses";

// Address look-up through any service that speaks Nominatim's /search API (OpenStreetMap's
// public instance, a self-hosted Nominatim, Photon's compatibility layer…), configured with
// GEOCODER_URL. It is a convenience: when it is slow, down or not configured, the caller
// answers 503 and people type the address by hand.

export class GeocoderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "GeocoderUnavailableError";
  }
}

export interface Geocoder {
  search(query: string): Promise<AddressCandidate[]>;
}

export interface NominatimOptions {
  /** Base URL, e.g. https://nominatim.openstreetmap.org; empty disables look-ups. */
  url: string;
  timeoutMs?: number;
  /** Nominatim's usage policy asks for an identifying User-Agent. */
  userAgent?: string;
  /** ISO country codes to search in (default "mx"). */
  countryCodes?: string;
  limit?: number;
  fetchImpl?: typeof fetch;
}

interface NominatimItem {
  display_name?: unknown;
  lat?: unknown;
  lon?: unknown;
  address?: Record<string, unknown>;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

function firstOf(address: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = text(address[key]);
    if (value) return value;
  }
  return null;
}

export function toCandidate(item: NominatimItem): AddressCandidate | null {
  const lat = Number(item.lat);
  const lng = Number(item.lon);
  const displayName = text(item.display_name);
  if (!displayName || !Number.isFinite(lat) || !Number.isFinite(lng)) return null;
  const a = item.address ?? {};
  return {
    displayName,
    street: firstOf(a, ["road", "pedestrian", "footway", "street"]),
    number: firstOf(a, ["house_number"]),
    neighbourhood: firstOf(a, ["neighbourhood", "suburb", "quarter", "residential", "city_district"]),
    city: firstOf(a, ["city", "town", "village", "municipality", "county"]),
    state: firstOf(a, ["state"]),
    postalCode: firstOf(a, ["postcode"]),
    country: firstOf(a, ["country"]),
    lat,
    lng,
  };
}

export function createNominatimGeocoder(options: NominatimOptions): Geocoder {
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? 4000;
  return {
    async search(query) {
      if (!options.url) throw new GeocoderUnavailableError("No hay servicio de geocodificación configurado.");
      const url = new URL("search", options.url.endsWith("/") ? options.url : `${options.url}/`);
      url.searchParams.set("q", query);
      url.searchParams.set("format", "jsonv2");
      url.searchParams.set("addressdetails", "1");
      url.searchParams.set("limit", String(options.limit ?? 5));
      url.searchParams.set("accept-language", "es");
      url.searchParams.set("countrycodes", options.countryCodes ?? "mx");
      let response: Response;
      try {
        response = await fetchImpl(url, {
          headers: { accept: "application/json", "user-agent": options.userAgent ?? "Plaza (agenda cultural)" },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new GeocoderUnavailableError("El servicio de geocodificación no respondió.", { cause: error });
      }
      if (!response.ok) throw new GeocoderUnavailableError(`El servicio de geocodificación respondió ${response.status}.`);
      let body: unknown;
      try {
        body = await response.json();
      } catch (error) {
        throw new GeocoderUnavailableError("El servicio de geocodificación no respondió JSON.", { cause: error });
      }
      if (!Array.isArray(body)) throw new GeocoderUnavailableError("Respuesta inesperada del servicio de geocodificación.");
      return body.flatMap((item) => {
        const candidate = toCandidate(item as NominatimItem);
        return candidate ? [candidate] : [];
      });
    },
  };
}
