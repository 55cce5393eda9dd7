import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { fillBrowserGaps } from "@/lib/__tests__/fixtures/browser";

// The unread badge at start comes from the server's count (notifications that arrived while the
// app was closed count), not from what arrives while it is open. Only the network is stubbed:
// GET /api/notifications answers one page whose `unviewed` is larger than the page.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));
jest.mock("next/navigation", () => ({ usePathname: () => "/" }));

const item = (n: number, viewed: boolean) => ({
  _id: `n${n}`,
  userId: "ana",
  kind: "follow",
  title: `Aviso ${n}`,
  body: "Cuerpo",
  link: null,
  data: {},
  viewed,
  createdAt: new Date(Date.UTC(2026, 10, 20, 12, n)).toISOString(),
});

beforeEach(() => {
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url.includes("/notifications?")) {
      const page = { items: [item(3, false), item(2, false), item(1, true)], nextCursor: "c2", unviewed: 57 };
      return new Response(JSON.stringify({ data: page }), { status: 200, headers: { "content-type": "application/json" } });
    }
    throw new TypeError("Failed to fetch");
  }) as typeof fetch;
});
afterEach(() => cleanup());

describe("la insignia de notificaciones al abrir la app", () => {
  test("muestra las sin leer que cuenta el servidor, también las de páginas no cargadas", async () => {
    const [{ QueryClientProvider }, { getQueryClient }, auth, { NotificationsListener }, { MainNav }] = await Promise.all([
      import("@tanstack/react-query"),
      import("@/lib/query/client"),
      import("@/lib/state/auth"),
      import("../notifications-listener"),
      import("@/components/layout/main-nav"),
    ]);
    const store = createStore();
    store.set(auth.authUserAtom, auth.toSessionUser(makeUser({ _id: "ana", name: "Ana" })));
    render(
      <QueryClientProvider client={getQueryClient()}>
        <JotaiProvider store={store}>
          <NotificationsListener />
          <MainNav />
        </JotaiProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId("notifications-badge").textContent).toBe("57 sin leer"));
  });
});
