import { QueryClient, QueryClientProvider, type MutationFunction } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

// What the content form tests share: a query client whose reads never go to the network (the
// lists the forms offer are seeded) and whose persisted create is a spy, as registered by
// lib/query/mutation-defaults.ts in the app.

export function formClient(kind: string, create: MutationFunction<unknown, unknown>): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  client.setMutationDefaults([kind, "create"], { mutationFn: create });
  return client;
}

/** An infinite list's cached data: one page, no more. */
export function onePage<T>(items: T[]) {
  return { pages: [{ items, nextCursor: null }], pageParams: [undefined] };
}

export function renderWith(client: QueryClient, ui: ReactNode) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

/** The texts a screen reader reads with a control. */
export function descriptionOf(control: HTMLElement): string {
  const ids = control.getAttribute("aria-describedby")?.split(" ") ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? "").join(" | ");
}

export function setNavigatorOnline(online: boolean): void {
  Object.defineProperty(window.navigator, "onLine", { value: online, configurable: true });
}
