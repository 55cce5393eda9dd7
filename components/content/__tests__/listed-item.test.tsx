import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { onlineManager, QueryClient, QueryClientProvider, type UseQueryResult } from "@tanstack/react-query";
import { readiedPictures } from "@/lib/__tests__/fixtures/browser";
import { COVER_SIZES } from "@/lib/content-images";
import { noteDrawn } from "@/lib/drawn-pictures";
import { DetailPage } from "../detail-page";
import { ItemLink } from "../item-link";

// Tapping a card: the item's page draws the title and cover the list already had at once, with
// placeholders for the rest (and deferred-arrival.test.tsx: until the item lands), and the tap
// itself starts reading the item's answer.

afterEach(cleanup);

type Item = { _id: string; title: string; description: string };

const loading = { data: undefined, isPending: true, isError: false, error: null, fetchStatus: "fetching" } as unknown as UseQueryResult<Item>;

function Page({ query, listed }: { query: UseQueryResult<Item>; listed?: { title: string; cover: string | null } }) {
  return (
    <DetailPage id="a" query={query} kind="events" listed={listed && (() => listed)}>
      {(item) => (
        <>
          <h1>{item.title}</h1>
          <p>{item.description}</p>
        </>
      )}
    </DetailPage>
  );
}

describe("an item page opened from a list", () => {
  test("without a listed copy (an address opened directly) it shows only placeholders", () => {
    render(<Page query={loading} />);
    expect(screen.queryByRole("heading")).toBeNull();
    expect(screen.getByRole("progressbar", { name: "Cargando evento" })).toBeTruthy();
  });

  test("a failure still says so, listed copy or not", () => {
    const failed = { ...loading, isPending: false, isError: true, fetchStatus: "idle", error: new Error("Se cayó la red") } as unknown as UseQueryResult<Item>;
    render(<Page query={failed} listed={{ title: "Noche de jazz", cover: null }} />);
    expect(screen.getByRole("alert")).toBeTruthy();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });
});

describe("a card's link", () => {
  function tapped() {
    const queryClient = new QueryClient();
    const prefetch = jest.spyOn(queryClient, "prefetchQuery").mockResolvedValue(undefined);
    render(
      <QueryClientProvider client={queryClient}>
        <ItemLink kind="events" id="a">
          Noche de jazz
        </ItemLink>
      </QueryClientProvider>,
    );
    return { link: screen.getByRole("link", { name: "Noche de jazz" }), prefetch };
  }

  test("leads to the item's page and starts reading the item when tapped", () => {
    const { link, prefetch } = tapped();
    expect(new URL(link.getAttribute("href")!, "https://plaza.local").pathname.replace(/\/$/, "")).toBe("/events/a");
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(prefetch.mock.calls[0]![0]).toMatchObject({ queryKey: ["events", "detail", "a"] });
  });

  test("does not read for a new tab or window, nor offline; a plain tap does", () => {
    const { link, prefetch } = tapped();
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { button: 1 });
    onlineManager.setOnline(false);
    try {
      fireEvent.click(link);
    } finally {
      onlineManager.setOnline(true);
    }
    expect(prefetch).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});

describe("a link that knows its item's cover", () => {
  const COVER = "https://plaza.local/uploads/content/0fefbe7d-5866-4208-b745-dae89a897632/960.webp";
  const FOLDER = COVER.slice(0, -"960.webp".length);

  function tapLink(cover: string | null) {
    const queryClient = new QueryClient();
    const prefetch = jest.spyOn(queryClient, "prefetchQuery").mockResolvedValue(undefined);
    render(
      <QueryClientProvider client={queryClient}>
        <ItemLink kind="places" id="museo" cover={cover}>
          Museo del Desierto
        </ItemLink>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole("link", { name: "Museo del Desierto" }));
    return prefetch;
  }

  test("readies, as it is tapped, the file the item's page will draw: the cover's whole set, at the cover's sizes", () => {
    const [image, ...more] = readiedPictures(() => tapLink(COVER));
    expect(more).toHaveLength(0);
    expect(image!.getAttribute("srcset")).toBe(`${FOLDER}480.webp 480w, ${FOLDER}960.webp 960w, ${FOLDER}1600.webp 1600w`);
    expect(image!.getAttribute("sizes")).toBe(COVER_SIZES);
    expect(image!.getAttribute("src")).toBe(COVER);
  });

  test("readies nothing without a cover, nor when a smaller file of it was drawn here already", () => {
    expect(readiedPictures(() => tapLink(null))).toHaveLength(0);
    cleanup();
    const thumb = document.createElement("img");
    thumb.src = `${FOLDER}480.webp`;
    noteDrawn(thumb);
    expect(readiedPictures(() => tapLink(COVER))).toHaveLength(0);
  });

  test("a browser without decode() takes the tap without an error, and reads the item", () => {
    expect("decode" in HTMLImageElement.prototype).toBe(false);
    // React reports an error thrown by a click handler to the window, where the test fails on it.
    const prefetch = tapLink(`${FOLDER.replace("0fefbe7d", "1fefbe7d")}960.webp`);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
