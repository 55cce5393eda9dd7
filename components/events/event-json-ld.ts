import type { Event } from "@/lib/schemas/events";
import { accessibilityJsonLd, amenityFeatureJsonLd } from "@/components/accessibility/accessibility-json-ld";

// schema.org Event data, so search engines and calendar helpers understand the page.

const STATUS: Record<Event["status"], string> = {
  published: "https://schema.org/EventScheduled",
  cancelled: "https://schema.org/EventCancelled",
  postponed: "https://schema.org/EventPostponed",
};

export function eventJsonLd(event: Event, pageUrl: string): Record<string, unknown> {
  const inPerson = Boolean(event.place || event.address);
  const online = Boolean(event.onlineUrl);
  const physical = event.place
    ? {
        "@type": "Place",
        name: event.place.name,
        address: { "@type": "PostalAddress", streetAddress: event.place.addressLine, addressLocality: "Saltillo", addressRegion: "Coahuila", addressCountry: "MX" },
        ...(event.lat !== null && event.lng !== null ? { geo: { "@type": "GeoCoordinates", latitude: event.lat, longitude: event.lng } } : {}),
        ...amenityFeatureJsonLd(event),
      }
    : event.address
      ? { "@type": "Place", name: event.address, address: event.address, ...amenityFeatureJsonLd(event) }
      : null;
  const virtual = online ? { "@type": "VirtualLocation", url: event.onlineUrl } : null;
  const location = [physical, virtual].filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description: event.description || undefined,
    startDate: event.startsAt,
    endDate: event.endsAt ?? undefined,
    eventStatus: STATUS[event.status],
    eventAttendanceMode:
      inPerson && online
        ? "https://schema.org/MixedEventAttendanceMode"
        : online
          ? "https://schema.org/OnlineEventAttendanceMode"
          : "https://schema.org/OfflineEventAttendanceMode",
    location: location.length === 1 ? location[0] : location,
    image: event.coverImage ? [event.coverImage] : undefined,
    url: pageUrl,
    isAccessibleForFree: event.priceType === "free",
    offers: {
      "@type": "Offer",
      price: event.priceType === "free" ? 0 : (event.priceAmount ?? undefined),
      priceCurrency: "MXN",
      url: pageUrl,
    },
    organizer: event.community
      ? { "@type": "Organization", name: event.community.name }
      : event.organizer
        ? { "@type": "Person", name: event.organizer.name }
        : undefined,
    maximumAttendeeCapacity: event.capacity ?? undefined,
    keywords: event.tags.map((t) => t.name).join(", ") || undefined,
    ...accessibilityJsonLd(event),
  };
}
