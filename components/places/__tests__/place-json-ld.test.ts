import { describe, expect, it } from "@jest/globals";
import type { Place } from "@/lib/schemas/places";
import { placeJsonLd } from "../place-json-ld";

const museum: Place = {
  _id: "p1",
  name: "Museo del Desierto",
  slug: "museo-del-desierto",
  description: "Fósiles y flora del desierto de Chihuahua.",
  category: "museo",
  address: { street: "Prolongación Pérez Treviño", number: "3745", neighbourhood: "Centro Metropolitano", city: "Saltillo", state: "Coahuila", postalCode: "25015", country: "México" },
  addressLine: "Prolongación Pérez Treviño 3745, Centro Metropolitano, Saltillo",
  lat: 25.4121,
  lng: -100.9789,
  openingHours: [
    { day: 2, opens: "10:00", closes: "17:00" },
    { day: 0, opens: "10:00", closes: "18:00" },
  ],
  openingHoursNote: null,
  contact: { phone: "+52 844 986 9000", website: "https://www.museodeldesierto.org", instagram: "https://instagram.com/museodeldesierto" },
  accessibilityFeatures: ["step-free-entrance", "accessible-toilet"],
  accessibility: "Préstamo de sillas de ruedas en taquilla.",
  coverImage: "/api/images/museo.webp",
  author: null,
  upcomingEventsCount: 2,
  featured: false,
  hidden: false,
  hiddenReason: null,
  followersCount: 3,
  following: false,
  canEdit: false,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
};

describe("schema.org place", () => {
  it("types the venue by category and carries its address, position, hours and contact", () => {
    const ld = placeJsonLd(museum, "https://plaza.local/places/p1/");
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Museum",
      name: "Museo del Desierto",
      url: "https://plaza.local/places/p1/",
      image: ["/api/images/museo.webp"],
      address: {
        "@type": "PostalAddress",
        streetAddress: "Prolongación Pérez Treviño 3745",
        addressLocality: "Saltillo",
        addressRegion: "Coahuila",
        postalCode: "25015",
        addressCountry: "México",
      },
      geo: { "@type": "GeoCoordinates", latitude: 25.4121, longitude: -100.9789 },
      openingHoursSpecification: [
        { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Tuesday", opens: "10:00", closes: "17:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: "https://schema.org/Sunday", opens: "10:00", closes: "18:00" },
      ],
      telephone: "+52 844 986 9000",
      sameAs: ["https://www.museodeldesierto.org", "https://instagram.com/museodeldesierto"],
    });
  });

  it("declares each accessibility feature as an amenityFeature in Spanish", () => {
    expect(placeJsonLd(museum, "").amenityFeature).toEqual([
      { "@type": "LocationFeatureSpecification", name: "Entrada sin escalones", value: true },
      { "@type": "LocationFeatureSpecification", name: "Baño accesible para silla de ruedas", value: true },
    ]);
    const bare = placeJsonLd({ ...museum, accessibilityFeatures: [], lat: null, lng: null, openingHours: [], contact: {} }, "");
    expect(bare).not.toHaveProperty("amenityFeature");
    expect(bare).not.toHaveProperty("geo");
    expect(bare).not.toHaveProperty("openingHoursSpecification");
    expect(bare.sameAs).toBeUndefined();
  });
});
