import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { CommunityListItem } from "@/lib/schemas/communities";
import type { PlaceListItem } from "@/lib/schemas/places";
import { CommunityCard } from "@/components/communities/community-card";
import { PlaceCard } from "@/components/places/place-card";

// A place or a community with one upcoming event is common; its card says so in the singular.

afterEach(cleanup);

const show = (card: ReactNode) => render(<QueryClientProvider client={new QueryClient()}>{card}</QueryClientProvider>);

const place = (upcomingEventsCount: number, followersCount = 1) =>
  ({ _id: "p1", name: "Teatro García Carrillo", category: "teatro", addressLine: "Centro", coverImage: null, followersCount, upcomingEventsCount, hidden: false, featured: false }) as unknown as PlaceListItem;
const community = (upcomingEventsCount: number) =>
  ({ _id: "c1", name: "Club de lectura", image: null, membersCount: 1, followersCount: 2, upcomingEventsCount, myRole: null, hidden: false }) as unknown as CommunityListItem;

describe("the upcoming events a card counts", () => {
  test("a place: one, several, none", () => {
    show(<PlaceCard place={place(1)} />);
    expect(screen.getByText("1 seguidor · 1 evento próximo")).toBeTruthy();
    cleanup();
    show(<PlaceCard place={place(1200, 3)} />);
    expect(screen.getByText("3 seguidores · 1,200 eventos próximos")).toBeTruthy();
    cleanup();
    show(<PlaceCard place={place(0)} />);
    expect(screen.getByText("1 seguidor")).toBeTruthy();
  });

  test("a community: one and several", () => {
    show(<CommunityCard community={community(1)} />);
    expect(screen.getByText("2 seguidores · 1 evento próximo")).toBeTruthy();
    cleanup();
    show(<CommunityCard community={community(4)} />);
    expect(screen.getByText("2 seguidores · 4 eventos próximos")).toBeTruthy();
  });
});
