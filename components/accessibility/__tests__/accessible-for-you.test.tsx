import { afterEach, beforeAll, describe, expect, jest, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider, createStore } from "jotai";
import type { AccessibilityFeature } from "@/lib/schemas/accessibility";
import type { Event } from "@/lib/schemas/events";
import { authUserAtom, toSessionUser } from "@/lib/state/auth";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { meetsNeeds } from "../needs";

// The card reads the signed-in profile from the cache only; the API module is not needed.
jest.mock("@/lib/api/users", () => ({ userQueries: { myDataKey: () => ["users", "my-data"] } }));
let EventCard: typeof import("@/components/events/event-card").EventCard;
beforeAll(async () => {
  ({ EventCard } = await import("@/components/events/event-card"));
});

afterEach(cleanup);

describe("meetsNeeds", () => {
  test("an event meets the needs when it declares every one of them", () => {
    expect(meetsNeeds(["step-free-entrance", "quiet-space"], ["step-free-entrance", "seating", "quiet-space"])).toBe(true);
    expect(meetsNeeds(["step-free-entrance", "quiet-space"], ["step-free-entrance"])).toBe(false);
    expect(meetsNeeds(["sign-language"], [])).toBe(false);
  });

  test("no needs set flags nothing", () => {
    expect(meetsNeeds([], ["step-free-entrance"])).toBe(false);
    expect(meetsNeeds(undefined, ["step-free-entrance"])).toBe(false);
  });
});

describe("EventCard «Accesible para ti»", () => {
  const event = (features: AccessibilityFeature[]) =>
    ({
      _id: "e1",
      title: "Función relajada",
      startsAt: "2030-05-02T01:00:00.000Z",
      endsAt: null,
      allDay: false,
      place: null,
      address: "Centro",
      onlineUrl: null,
      priceType: "free",
      priceAmount: null,
      status: "published",
      hidden: false,
      featured: false,
      tags: [],
      coverImage: null,
      accessibilityFeatures: features,
    }) as unknown as Event;

  function renderCard(features: AccessibilityFeature[], needs: AccessibilityFeature[] | null) {
    const store = createStore();
    if (needs) store.set(authUserAtom, toSessionUser(makeUser({ accessibilityNeeds: needs })));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <JotaiProvider store={store}>
          <EventCard event={event(features)} />
        </JotaiProvider>
      </QueryClientProvider>,
    );
  }

  test("shows the badge when the event declares all of the viewer's needs", () => {
    renderCard(["step-free-entrance", "quiet-space", "seating"], ["step-free-entrance", "quiet-space"]);
    expect(screen.getByRole("list", { name: "Detalles" }).textContent).toContain("Accesible para ti");
  });

  test("no badge when a need is missing, when the viewer set none, or signed out", () => {
    renderCard(["step-free-entrance"], ["step-free-entrance", "quiet-space"]);
    expect(screen.queryByText("Accesible para ti")).toBeNull();
    cleanup();
    renderCard(["step-free-entrance"], []);
    expect(screen.queryByText("Accesible para ti")).toBeNull();
    cleanup();
    renderCard(["step-free-entrance"], null);
    expect(screen.queryByText("Accesible para ti")).toBeNull();
  });
});
