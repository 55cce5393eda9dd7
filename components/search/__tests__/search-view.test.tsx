import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { readiedPictures } from "@/lib/__tests__/fixtures/browser";
import { searchQueries } from "@/lib/api/search";
import type { SearchResult } from "@/lib/schemas/search";

// The query comes from the address; its results are already in the cache, as after a search.
// The view is imported after the mock (this transform does not hoist jest.mock).
jest.mock("next/navigation", () => ({ useRouter: () => ({ replace: () => {} }), useSearchParams: () => new URLSearchParams("q=club") }));

afterEach(cleanup);

const community = (id: string, name: string, membersCount: number) => ({ _id: id, name, membersCount, highlight: [{ start: 0, end: 4 }] });

async function showResults(communities: ReturnType<typeof community>[]) {
  const { SearchView } = await import("../search-view");
  const queryClient = new QueryClient();
  const result = { events: [], places: [], news: [], users: [], communities } as unknown as SearchResult;
  queryClient.setQueryData(searchQueries.results("club").queryKey, result);
  render(
    <QueryClientProvider client={queryClient}>
      <SearchView />
    </QueryClientProvider>,
  );
}

describe("what the search says of its results", () => {
  test("one result, with one member, in the singular", async () => {
    await showResults([community("c1", "Club de lectura", 1)]);
    expect(screen.getByRole("heading", { name: "Comunidades (1)" })).toBeTruthy();
    expect(document.querySelector("[aria-live]")?.textContent).toBe("1 resultado");
    expect(screen.getByText("1 miembro")).toBeTruthy();
  });

  test("several, in the plural, with the count written as in Mexico", async () => {
    await showResults([community("c1", "Club de lectura", 1250), community("c2", "Club de ajedrez", 0)]);
    expect(document.querySelector("[aria-live]")?.textContent).toBe("2 resultados");
    expect(screen.getByText("1,250 miembros")).toBeTruthy();
    expect(screen.getByText("0 miembros")).toBeTruthy();
  });
});

describe("a result's tap", () => {
  const picture = (n: number) => `https://plaza.local/uploads/content/0fefbe7d-5866-4208-b745-dae89a89763${n}/960.webp`;

  test("readies the cover its item's page draws (the results draw none): a place's, a news item's, a community's picture", async () => {
    const { SearchView } = await import("../search-view");
    const queryClient = new QueryClient();
    const highlight = [{ start: 0, end: 4 }];
    const result = {
      events: [],
      users: [],
      places: [{ _id: "p1", name: "Club Campestre", category: "parque", addressLine: "Saltillo", coverImage: picture(1), highlight }],
      news: [{ _id: "n1", title: "Club de cine abre", summary: "Cada viernes.", coverImage: picture(2), highlight }],
      communities: [{ _id: "c1", name: "Club de lectura", membersCount: 3, image: picture(3), highlight }],
    } as unknown as SearchResult;
    queryClient.setQueryData(searchQueries.results("club").queryKey, result);
    render(
      <QueryClientProvider client={queryClient}>
        <SearchView />
      </QueryClientProvider>,
    );
    expect(document.querySelector("img")).toBeNull();
    for (const [name, cover] of [
      ["Club Campestre", picture(1)],
      ["Club de cine abre", picture(2)],
      ["Club de lectura", picture(3)],
    ] as const) {
      expect(readiedPictures(() => fireEvent.click(screen.getByRole("link", { name }))).map((img) => img.getAttribute("src"))).toEqual([cover]);
    }
  });
});
