import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
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
