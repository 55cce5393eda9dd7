import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { fillBrowserGaps } from "@/lib/__tests__/fixtures/browser";

// A read of the inbox that set out before 'Marcar todas como leídas' and answers after it carries
// the count from before: it must not put the badge back up, nor the 'Nueva' marks back on the
// list (seen in CI: the badge stayed at 2 after marking all read). Only the network is stubbed,
// as a server whose answers reflect its state at the moment each request arrived.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));

afterEach(() => cleanup());

const me = makeUser({ _id: "ana", name: "Ana" });
const item = (n: number, viewed: boolean) => ({
  _id: `n${n}`,
  userId: "ana",
  kind: "admin",
  title: `Aviso ${n}`,
  body: `Texto ${n}`,
  link: null,
  data: {},
  viewed,
  createdAt: `2026-11-20T18:0${n}:00.000Z`,
});

/** The server: three notifications, unread until marked; GET answers can be held back. */
function server() {
  let read = false;
  const held: Array<() => void> = [];
  let holding = true;
  const json = (data: unknown) => new Response(JSON.stringify({ data }), { status: 200, headers: { "content-type": "application/json" } });
  const page = () => ({ items: [3, 2, 1].map((n) => item(n, read)), nextCursor: null, unviewed: read ? 0 : 3 });
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url, "http://localhost");
    if (request.method === "POST" && url.pathname.endsWith("/notifications/viewed")) {
      read = true;
      return json({ updated: 3, unviewed: 0 });
    }
    if (request.method === "GET" && url.pathname.endsWith("/notifications")) {
      const answer = json(page()); // the state when the request arrived
      if (!holding) return answer;
      return new Promise<Response>((resolve) => held.push(() => resolve(answer)));
    }
    throw new TypeError("Failed to fetch"); // the stream ticket: no stream in this test
  }) as typeof fetch;
  return {
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    stale: page(),
  };
}

describe("marcar todas mientras una lectura va en camino", () => {
  test("la respuesta vieja no vuelve a subir la insignia ni a marcar como nuevas", async () => {
    const [{ QueryClientProvider }, { getQueryClient }, { notificationQueries }, auth, notifications, { receivePage }, { NotificationsListener }, { NotificationsView }] = await Promise.all([
      import("@tanstack/react-query"),
      import("@/lib/query/client"),
      import("@/lib/api/notifications"),
      import("@/lib/state/auth"),
      import("@/lib/state/notifications"),
      import("@/lib/state/notification-updates"),
      import("../notifications-listener"),
      import("../notifications-view"),
    ]);
    const network = server();
    const queryClient = getQueryClient();
    queryClient.clear();
    // The persisted copy from an earlier visit: the list shows at once, the fresh read is slow.
    queryClient.setQueryData(notificationQueries.inbox().queryKey, { pages: [network.stale], pageParams: [undefined] } as never);
    const store = createStore();
    store.set(auth.authUserAtom, auth.toSessionUser(me));
    store.set(auth.identityAtom, { uid: "ana", email: me.email } as never);
    store.set(notifications.notificationsAtom, receivePage(notifications.initialNotificationsState, network.stale));
    render(
      <QueryClientProvider client={queryClient}>
        <JotaiProvider store={store}>
          <NotificationsListener />
          <NotificationsView />
        </JotaiProvider>
      </QueryClientProvider>,
    );
    expect(await screen.findByText("Aviso 3")).toBeTruthy();
    expect(screen.getAllByText("Nueva")).toHaveLength(3);

    fireEvent.click(screen.getByRole("button", { name: "Marcar todas como leídas" }));
    await waitFor(() => expect(store.get(notifications.unreadNotificationsAtom)).toBe(0));
    await waitFor(() => expect(screen.queryAllByText("Nueva")).toHaveLength(0));

    await act(async () => network.release());
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(store.get(notifications.unreadNotificationsAtom)).toBe(0);
    expect(screen.queryAllByText("Nueva")).toHaveLength(0);
    expect(screen.getByText("Aviso 3")).toBeTruthy();
  });
});
