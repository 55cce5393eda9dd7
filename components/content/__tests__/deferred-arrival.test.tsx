import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, render, screen } from "@testing-library/react";
import { useState } from "react";
import { flushSync } from "react-dom";
import type { InfiniteData, UseInfiniteQueryResult, UseQueryResult } from "@tanstack/react-query";
import { COVER_PREVIEW_MARK } from "@/lib/content-images";
import type { Page } from "@/lib/schemas/cursor";
import { DetailPage } from "../detail-page";
import { InfiniteList } from "../infinite-list";

// A page of cards or an item page lands in TanStack Query's synchronous render. Drawn right
// there, it is one long task just after the first paint, when a phone's owner is trying to tap;
// drawn from a deferred copy, React builds it in slices. What the person sees meanwhile are the
// same placeholders as before the data came, never an empty state or an error.

afterEach(() => {
  cleanup();
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

type Item = { _id: string; title: string };

const loadingList = {
  data: undefined,
  isPending: true,
  isError: false,
  error: null,
  fetchStatus: "fetching",
  hasNextPage: false,
  isFetchingNextPage: false,
  fetchNextPage: () => Promise.resolve(),
} as unknown as UseInfiniteQueryResult<InfiniteData<Page<Item>>>;

const landedList = {
  ...loadingList,
  data: { pages: [{ items: [{ _id: "a", title: "Concierto en la Alameda" }, { _id: "b", title: "Feria del libro" }], nextCursor: null }], pageParams: [null] },
  isPending: false,
  fetchStatus: "idle",
} as unknown as UseInfiniteQueryResult<InfiniteData<Page<Item>>>;

/** Renders `view(query)` and returns a way to deliver the next query state as a store does. */
function withQuery<Q>(initial: Q, view: (query: Q) => React.ReactNode) {
  let deliver: (next: Q) => void = () => {};
  function Host() {
    const [query, setQuery] = useState(initial);
    deliver = setQuery;
    return <>{view(query)}</>;
  }
  render(<Host />);
  return (next: Q) => flushSync(() => deliver(next));
}

describe("a list whose page lands", () => {
  test("keeps its skeletons in the render that delivers the page, then shows the cards", () => {
    const deliver = withQuery(loadingList, (query) => <InfiniteList query={query} label="Eventos" empty="No hay eventos" renderItem={(item) => <p>{item.title}</p>} />);
    expect(screen.getByRole("progressbar", { name: "Cargando eventos" })).toBeTruthy();
    act(() => {
      deliver(landedList);
      expect(screen.getByRole("progressbar", { name: "Cargando eventos" })).toBeTruthy();
      expect(screen.queryByRole("list", { name: "Eventos" })).toBeNull();
      expect(screen.queryByText("No hay eventos")).toBeNull();
    });
    expect(screen.getByRole("list", { name: "Eventos" }).textContent).toBe("Concierto en la AlamedaFeria del libro");
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  test("an empty page still says so, and a failure still shows its message", () => {
    const deliver = withQuery(loadingList, (query) => <InfiniteList query={query} label="Eventos" empty="No hay eventos" renderItem={(item) => <p>{item.title}</p>} />);
    act(() => deliver({ ...landedList, data: { pages: [{ items: [], nextCursor: null }], pageParams: [null] } } as typeof landedList));
    expect(screen.getByText("No hay eventos")).toBeTruthy();
    act(() => deliver({ ...loadingList, isPending: false, isError: true, fetchStatus: "idle", error: new Error("x") } as unknown as typeof landedList));
    expect(screen.getByRole("alert")).toBeTruthy();
  });

  test("the next page still loads on its own when the end of a list that just landed comes into view", () => {
    const watched: { node: Element; callback: (entries: { isIntersecting: boolean }[]) => void }[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      constructor(private callback: (entries: { isIntersecting: boolean }[]) => void) {}
      observe(node: Element) {
        watched.push({ node, callback: this.callback });
      }
      disconnect() {}
    };
    const fetchNextPage = jest.fn(() => Promise.resolve());
    const deliver = withQuery(loadingList, (query) => <InfiniteList query={query} label="Eventos" empty="No hay eventos" renderItem={(item) => <p>{item.title}</p>} />);
    act(() => deliver({ ...landedList, hasNextPage: true, fetchNextPage } as unknown as typeof landedList));
    expect(screen.getByRole("list", { name: "Eventos" })).toBeTruthy();
    const sentinel = watched.at(-1);
    expect(sentinel?.node.isConnected).toBe(true);
    act(() => sentinel?.callback([{ isIntersecting: true }]));
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });
});

const loadingItem = { data: undefined, isPending: true, isError: false, error: null, fetchStatus: "fetching" } as unknown as UseQueryResult<Item>;
const landedItem = { ...loadingItem, data: { _id: "a", title: "Concierto en la Alameda" }, isPending: false, fetchStatus: "idle" } as unknown as UseQueryResult<Item>;

describe("an item page whose item lands", () => {
  test("keeps the placeholders and the server's cover in the render that delivers it, then draws the item", () => {
    const deliver = withQuery(loadingItem, (query) => (
      <DetailPage id="a" query={query} kind="events">
        {(item) => <h1>{item.title}</h1>}
      </DetailPage>
    ));
    act(() => {
      deliver(landedItem);
      expect(screen.getByRole("progressbar", { name: "Cargando evento" })).toBeTruthy();
      expect(document.querySelector(`[${COVER_PREVIEW_MARK}]`)).not.toBeNull();
      expect(screen.queryByRole("heading", { name: "Concierto en la Alameda" })).toBeNull();
    });
    expect(screen.getByRole("heading", { name: "Concierto en la Alameda" })).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(document.querySelector(`[${COVER_PREVIEW_MARK}]`)).toBeNull();
  });
});

describe("an item page opened from a list", () => {
  test("shows the listed title and placeholders for the rest, also in the render that delivers the item, then the item once", () => {
    const full = { ...landedItem, data: { _id: "a", title: "Concierto en la Alameda", description: "Con la banda municipal." } } as unknown as UseQueryResult<Item & { description: string }>;
    const deliver = withQuery(loadingItem as UseQueryResult<Item & { description: string }>, (query) => (
      <DetailPage id="a" query={query} kind="events" listed={() => ({ title: "Concierto en la Alameda (de la lista)", cover: null })}>
        {(item) => (
          <>
            <h1>{item.title}</h1>
            <p>{item.description}</p>
          </>
        )}
      </DetailPage>
    ));
    expect(screen.getByRole("heading", { level: 1, name: "Concierto en la Alameda (de la lista)" })).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Cargando evento" })).toBeTruthy();
    act(() => {
      deliver(full);
      expect(screen.getByRole("heading", { level: 1, name: "Concierto en la Alameda (de la lista)" })).toBeTruthy();
      expect(screen.getByRole("progressbar", { name: "Cargando evento" })).toBeTruthy();
    });
    expect(screen.getAllByRole("heading", { level: 1 }).map((h) => h.textContent)).toEqual(["Concierto en la Alameda"]);
    expect(screen.getByText("Con la banda municipal.")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});

describe("an item page opened by its address", () => {
  test("does not put a list's title above placeholders already drawn when the list is restored a moment later", () => {
    const device: { listed?: { title: string; cover: null } } = {};
    const deliver = withQuery(loadingItem, (query) => (
      <DetailPage id="a" query={query} kind="events" listed={() => device.listed}>
        {(item) => <h1>{item.title}</h1>}
      </DetailPage>
    ));
    expect(screen.getByRole("progressbar", { name: "Cargando evento" })).toBeTruthy();
    // The device's lists arrive (IndexedDB) after the page is drawn, and something renders it again.
    device.listed = { title: "Concierto en la Alameda (de la lista)", cover: null };
    act(() => deliver({ ...loadingItem } as UseQueryResult<Item>));
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Cargando evento" })).toBeTruthy();
    act(() => deliver(landedItem));
    expect(screen.getByRole("heading", { level: 1, name: "Concierto en la Alameda" })).toBeTruthy();
  });

  test("a card tapped offline: once the connection is back and the item is asked for, its title shows", () => {
    const paused = { ...loadingItem, fetchStatus: "paused" } as unknown as UseQueryResult<Item>;
    const deliver = withQuery(paused, (query) => (
      <DetailPage id="a" query={query} kind="events" listed={() => ({ title: "Concierto en la Alameda", cover: null })}>
        {(item) => <h1>{item.title}</h1>}
      </DetailPage>
    ));
    expect(screen.getByText("Sin conexión")).toBeTruthy();
    act(() => deliver({ ...loadingItem } as UseQueryResult<Item>));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Concierto en la Alameda");
  });

  test("another item opened in the same page gets its own card's title, never the previous one's", () => {
    const titles: Record<string, string> = { a: "Concierto en la Alameda", b: "Feria del libro" };
    const deliver = withQuery({ id: "a", query: loadingItem }, ({ id, query }) => (
      <DetailPage id={id} query={query} kind="events" listed={() => ({ title: titles[id]!, cover: null })}>
        {(item) => <h1>{item.title}</h1>}
      </DetailPage>
    ));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Concierto en la Alameda");
    act(() => deliver({ id: "b", query: { ...loadingItem } as UseQueryResult<Item> }));
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Feria del libro");
  });
});

describe("once something is drawn", () => {
  test("opening another item that is already cached shows it in the same render, never the previous one", () => {
    const other = { ...landedItem, data: { _id: "b", title: "Feria del libro" } } as unknown as UseQueryResult<Item>;
    const deliver = withQuery(landedItem, (query) => (
      <DetailPage id={query.data?._id ?? null} query={query} kind="events">
        {(item) => <h1>{item.title}</h1>}
      </DetailPage>
    ));
    expect(screen.getByRole("heading", { name: "Concierto en la Alameda" })).toBeTruthy();
    act(() => {
      deliver(other);
      expect(screen.getByRole("heading", { name: "Feria del libro" })).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Concierto en la Alameda" })).toBeNull();
    });
  });

  test("a list that changes shows the change in the same render", () => {
    const deliver = withQuery(landedList, (query) => <InfiniteList query={query} label="Eventos" empty="No hay eventos" renderItem={(item) => <p>{item.title}</p>} />);
    const fewer = { ...landedList, data: { pages: [{ items: [{ _id: "b", title: "Feria del libro" }], nextCursor: null }], pageParams: [null] } } as typeof landedList;
    act(() => {
      deliver(fewer);
      expect(screen.getByRole("list", { name: "Eventos" }).textContent).toBe("Feria del libro");
    });
  });
});
