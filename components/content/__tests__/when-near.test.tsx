import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { CardSkeletons } from "../card-skeletons";
import { WhenNear } from "../when-near";

// A list below the first screen: drawn only when someone scrolls near it, its data fetched
// meanwhile when the browser is idle (so it is there offline), and never announced as loading
// while nothing is loading.

type Callback = (entries: { isIntersecting: boolean }[]) => void;
let observers: { callback: Callback; margin: string | undefined }[] = [];
let idle: (() => void)[] = [];

beforeEach(() => {
  observers = [];
  idle = [];
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    constructor(callback: Callback, options?: { rootMargin?: string }) {
      observers.push({ callback, margin: options?.rootMargin });
    }
    observe() {}
    disconnect() {}
  };
  (window as unknown as { requestIdleCallback: unknown }).requestIdleCallback = (task: () => void) => idle.push(task);
  (window as unknown as { cancelIdleCallback: unknown }).cancelIdleCallback = () => {};
});
afterEach(() => {
  cleanup();
  delete (globalThis as unknown as { IntersectionObserver?: unknown }).IntersectionObserver;
});

function renderNear(keep: (client: QueryClient) => unknown, room?: { count: number }) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <WhenNear keep={keep} room={room}>
        <ul aria-label="Eventos pasados">
          <li>Concierto</li>
        </ul>
      </WhenNear>
    </QueryClientProvider>,
  );
}

describe("WhenNear", () => {
  test("away from the screen: only skeletons, not announced as busy", () => {
    const { container } = renderNear(() => undefined);
    expect(screen.queryByRole("list", { name: "Eventos pasados" })).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(container.querySelector('[aria-busy="true"]')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  test("its placeholders take the room of the cards it will show", () => {
    const { container } = renderNear(() => undefined, { count: 20 });
    expect(container.querySelector('[aria-hidden="true"]')?.children).toHaveLength(20);
  });

  test("once near, what loads inside it keeps that room: its code arriving, then its list", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <WhenNear room={{ count: 6, layout: "grid" }}>
          <CardSkeletons label="Cargando sección" />
        </WhenNear>
      </QueryClientProvider>,
    );
    act(() => observers.at(-1)?.callback([{ isIntersecting: true }]));
    const loading = screen.getByRole("progressbar", { name: "Cargando sección" });
    expect(loading.children).toHaveLength(6);
    expect(loading.className).toContain("grid");
  });

  test("its data is asked for once the browser is idle, before anyone scrolls", () => {
    const keep = jest.fn();
    renderNear(keep);
    expect(keep).not.toHaveBeenCalled();
    act(() => idle.forEach((task) => task()));
    expect(keep).toHaveBeenCalledTimes(1);
    expect(keep.mock.calls[0]?.[0]).toBeInstanceOf(QueryClient);
  });

  test("drawn when it comes within 400 px of the screen", () => {
    renderNear(() => undefined);
    expect(observers.at(-1)?.margin).toBe("400px");
    act(() => observers.at(-1)?.callback([{ isIntersecting: true }]));
    expect(screen.getByRole("list", { name: "Eventos pasados" })).toBeTruthy();
  });
});
