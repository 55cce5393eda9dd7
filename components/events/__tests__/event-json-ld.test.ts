import { describe, expect, it } from "@jest/globals";
import type { Event } from "@/lib/schemas/events";
import { eventJsonLd } from "../event-json-ld";

const base: Event = {
  _id: "e1",
  title: "Concierto de la Filarmónica",
  description: "Márquez y Moncayo.",
  startsAt: "2026-11-22T02:30:00.000Z",
  endsAt: "2026-11-22T04:30:00.000Z",
  allDay: false,
  timeZone: "America/Monterrey",
  place: { _id: "teatro", name: "Teatro Fernando Soler", category: "teatro", addressLine: "Calle Juan Aldama 400, Zona Centro, Saltillo", lat: 25.4, lng: -101, coverImage: null },
  address: null,
  lat: 25.4,
  lng: -101,
  onlineUrl: null,
  priceType: "paid",
  priceAmount: 250,
  priceCurrency: "MXN",
  priceNote: null,
  capacity: 700,
  accessibility: null,
  accessibilityFeatures: [],
  coverImage: "/api/images/x.webp",
  organizer: { _id: "u1", name: "Colectivo Sarape", verified: true, profileImage: null },
  community: null,
  tags: [{ _id: "t1", name: "Música", slug: "musica" }],
  status: "published",
  statusNote: null,
  series: null,
  featured: false,
  hidden: false,
  hiddenReason: null,
  followersCount: 0,
  following: false,
  canEdit: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

describe("schema.org Event", () => {
  it("describes an in-person paid event", () => {
    const ld = eventJsonLd(base, "https://plaza.local/events/e1/");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Event",
      name: base.title,
      startDate: base.startsAt,
      endDate: base.endsAt,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      location: { "@type": "Place", name: "Teatro Fernando Soler", geo: { latitude: 25.4, longitude: -101 } },
      offers: { price: 250, priceCurrency: "MXN" },
      isAccessibleForFree: false,
      organizer: { "@type": "Person", name: "Colectivo Sarape" },
    });
  });

  it("marks online, mixed and cancelled events", () => {
    const online = eventJsonLd({ ...base, place: null, lat: null, lng: null, onlineUrl: "https://meet.example/x", priceType: "free", priceAmount: null, status: "cancelled" }, "u");
    expect(online.eventAttendanceMode).toBe("https://schema.org/OnlineEventAttendanceMode");
    expect(online.location).toEqual({ "@type": "VirtualLocation", url: "https://meet.example/x" });
    expect(online.eventStatus).toBe("https://schema.org/EventCancelled");
    expect(online.isAccessibleForFree).toBe(true);
    const mixed = eventJsonLd({ ...base, onlineUrl: "https://meet.example/x" }, "u");
    expect(mixed.eventAttendanceMode).toBe("https://schema.org/MixedEventAttendanceMode");
    expect(Array.isArray(mixed.location)).toBe(true);
  });

  it("carries declared accessibility: media features as accessibilityFeature, all of them as the venue's amenityFeature", () => {
    const ld = eventJsonLd(
      { ...base, accessibilityFeatures: ["step-free-entrance", "sign-language", "captions-audio-description"], accessibility: "Intérprete de LSM junto al escenario." },
      "u",
    );
    expect(ld.accessibilityFeature).toEqual(["signLanguage", "captions", "audioDescription"]);
    expect(ld.accessibilitySummary).toBe("Intérprete de LSM junto al escenario.");
    expect((ld.location as Record<string, unknown>).amenityFeature).toEqual([
      { "@type": "LocationFeatureSpecification", name: "Entrada sin escalones", value: true },
      { "@type": "LocationFeatureSpecification", name: "Interpretación en lengua de señas", value: true },
      { "@type": "LocationFeatureSpecification", name: "Subtitulaje o audio descriptivo", value: true },
    ]);
    const none = eventJsonLd(base, "u");
    expect(none).not.toHaveProperty("accessibilityFeature");
    expect(none.location).not.toHaveProperty("amenityFeature");
  });
});
