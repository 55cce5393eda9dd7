import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { onlineManager, QueryClient, QueryClientProvider, type UseQueryResult } from "@tanstack/react-query";
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
  test("starts reading the item when tapped", () => {
    const queryClient = new QueryClient();
    const read = jest.fn((client: QueryClient) => Promise.resolve(void client));
    render(
      <QueryClientProvider client={queryClient}>
        <ItemLink href="/events/a/" read={read}>
          Noche de jazz
        </ItemLink>
      </QueryClientProvider>,
    );
    expect(read).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("link", { name: "Noche de jazz" }));
    expect(read).toHaveBeenCalledTimes(1);
    expect(read.mock.calls[0]![0]).toBe(queryClient);
  });

  test("does not read for a new tab or window, nor offline; a plain tap does", () => {
    const read = jest.fn((client: QueryClient) => Promise.resolve(void client));
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ItemLink href="/events/a/" read={read}>
          Noche de jazz
        </ItemLink>
      </QueryClientProvider>,
    );
    const link = screen.getByRole("link", { name: "Noche de jazz" });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { button: 1 });
    onlineManager.setOnline(false);
    try {
      fireEvent.click(link);
    } finally {
      onlineManager.setOnline(true);
    }
    expect(read).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
