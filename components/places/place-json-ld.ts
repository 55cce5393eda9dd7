import type { Place, PlaceCategory } from "@/lib/schemas/places";
import { amenityFeatureJsonLd } from "@/components/accessibility/accessibility-json-ld";

// schema.org data of a place page, so search engines and maps understand the venue: its type,
// address, position, opening hours, contact and what it offers for accessibility.

const TYPES: Record<PlaceCategory, string> = {
  museo: "Museum",
  teatro: "PerformingArtsTheater",
  "centro-cultural": "CivicStructure",
  galeria: "ArtGallery",
  biblioteca: "Library",
  plaza: "Place",
  parque: "Park",
  foro: "EventVenue",
  cafe: "CafeOrCoffeeShop",
  restaurante: "Restaurant",
  bar: "BarOrPub",
  mercado: "Store",
  deportivo: "SportsActivityLocation",
  otro: "Place",
};

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function placeJsonLd(place: Place, pageUrl: string): Record<string, unknown> {
  const { address, contact } = place;
  const street = [address.street, address.number].filter(Boolean).join(" ");
  // The venue's own site and profiles are the same place elsewhere on the web.
  const sameAs = [contact.website, contact.facebook, contact.instagram, contact.tiktok].filter((url): url is string => Boolean(url));
  return {
    "@context": "https://schema.org",
    "@type": TYPES[place.category],
    name: place.name,
    description: place.description || undefined,
    url: pageUrl,
    image: place.coverImage ? [place.coverImage] : undefined,
    address: {
      "@type": "PostalAddress",
      streetAddress: street || undefined,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postalCode ?? undefined,
      addressCountry: address.country,
    },
    ...(place.lat !== null && place.lng !== null ? { geo: { "@type": "GeoCoordinates", latitude: place.lat, longitude: place.lng } } : {}),
    ...(place.openingHours.length > 0
      ? {
          openingHoursSpecification: place.openingHours.map((h) => ({
            "@type": "OpeningHoursSpecification",
            dayOfWeek: `https://schema.org/${DAYS[h.day]}`,
            opens: h.opens,
            closes: h.closes,
          })),
        }
      : {}),
    telephone: contact.phone,
    email: contact.email,
    sameAs: sameAs.length > 0 ? sameAs : undefined,
    ...amenityFeatureJsonLd(place),
  };
}
