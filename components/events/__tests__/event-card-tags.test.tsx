import { afterEach, beforeAll, describe, expect, jest, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { Event } from "@/lib/schemas/events";

// A tag on an event card opens the upcoming events of that tag (the search page with ?tag=).

// The card reads the signed-in profile from the cache only; the API module is not needed.
jest.mock("@/lib/api/users", () => ({ userQueries: { myDataKey: () => ["users", "my-data"] } }));
let EventCard: typeof import("../event-card").EventCard;
beforeAll(async () => {
  ({ EventCard } = await import("../event-card"));
});

afterEach(cleanup);

const event = {
  _id: "e1",
  title: "Noche de jazz",
  description: "",
  startsAt: "2026-11-22T02:30:00.000Z",
  endsAt: null,
  allDay: false,
  timeZone: "America/Monterrey",
  place: null,
  address: "Plaza de Armas, Saltillo",
  lat: null,
  lng: null,
  onlineUrl: null,
  priceType: "free",
  priceAmount: null,
  priceCurrency: "MXN",
  priceNote: null,
  capacity: null,
  accessibility: null,
  accessibilityFeatures: [],
  coverImage: null,
  organizer: { _id: "u1", name: "Colectivo Sarape", verified: true, profileImage: null },
  community: null,
  tags: [
    { _id: "t1", name: "Música", slug: "musica" },
    { _id: "t2", name: "Al aire libre", slug: "al-aire-libre" },
  ],
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
} satisfies Event;

/** Page and tag of a link (the export adds the trailing slash; Jest's Link may drop it). */
function target(name: string) {
  const url = new URL(screen.getByRole("link", { name }).getAttribute("href")!, "https://plaza.local");
  return { page: url.pathname.replace(/\/$/, ""), tag: url.searchParams.get("tag") };
}

describe("EventCard tags", () => {
  test("each tag links to that tag's events", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <EventCard event={event} />
      </QueryClientProvider>,
    );
    expect(target("Eventos con la etiqueta Música")).toEqual({ page: "/search", tag: "musica" });
    expect(target("Eventos con la etiqueta Al aire libre")).toEqual({ page: "/search", tag: "al-aire-libre" });
    expect(target("Noche de jazz")).toEqual({ page: "/events/e1", tag: null });
  });
});
