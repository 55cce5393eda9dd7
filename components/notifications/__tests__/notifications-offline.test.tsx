import { afterEach, beforeEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, render, screen } from "@testing-library/react";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { fillBrowserGaps } from "@/lib/__tests__/fixtures/browser";

// /notifications opened without a connection: the fetch of the latest page pauses until the
// connection is back, so the page must not wait for it. It shows the copy kept by the persisted
// cache, or says it is offline; never a skeleton that does not end. Only the network is stubbed.

fillBrowserGaps();
jest.mock("@/lib/auth/firebase", () => ({ getIdToken: async () => "token-ana" }));

const requests: string[] = [];
beforeEach(() => {
  requests.length = 0;
  globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
    requests.push(String(input instanceof Request ? input.url : input));
    throw new TypeError("Failed to fetch");
  }) as typeof fetch;
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => false });
});
afterEach(async () => {
  cleanup();
  (await import("@tanstack/react-query")).onlineManager.setOnline(true);
});

const me = makeUser({ _id: "ana", name: "Ana" });
const cachedPage = {
  items: [
    { _id: "n1", userId: "ana", kind: "follow", title: "Beto te sigue", body: "Ahora ves sus novedades.", link: "/profile/beto", data: {}, viewed: true, createdAt: "2026-11-20T18:00:00.000Z" },
  ],
  nextCursor: null,
  unviewed: 0,
};

async function openOffline(cached: typeof cachedPage | null) {
  const [{ QueryClientProvider, onlineManager }, { getQueryClient }, { notificationQueries }, auth, { NotificationsListener }, { NotificationsView }] = await Promise.all([
    import("@tanstack/react-query"),
    import("@/lib/query/client"),
    import("@/lib/api/notifications"),
    import("@/lib/state/auth"),
    import("../notifications-listener"),
    import("../notifications-view"),
  ]);
  onlineManager.setOnline(false);
  const queryClient = getQueryClient();
  queryClient.clear();
  if (cached) queryClient.setQueryData(notificationQueries.inbox().queryKey, { pages: [cached], pageParams: [undefined] } as never);
  const store = createStore();
  store.set(auth.authUserAtom, auth.toSessionUser(me));
  store.set(auth.identityAtom, { uid: "ana", email: me.email } as never);
  render(
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <NotificationsListener />
        <NotificationsView />
      </JotaiProvider>
    </QueryClientProvider>,
  );
}

describe("notificaciones sin conexión", () => {
  test("muestra las notificaciones guardadas en vez de quedarse cargando", async () => {
    await openOffline(cachedPage);
    expect(await screen.findByText("Beto te sigue")).toBeTruthy();
    expect(screen.queryByText("Cargando notificaciones")).toBeNull();
    expect(screen.getByRole("list", { name: "Notificaciones, la más reciente primero" }).children).toHaveLength(1);
  });

  test("sin copia guardada dice que no hay conexión, no que no hay notificaciones", async () => {
    await openOffline(null);
    expect(await screen.findByText("Sin conexión")).toBeTruthy();
    expect(screen.getByText("Tus notificaciones aparecerán aquí cuando vuelvas a estar en línea.")).toBeTruthy();
    expect(screen.queryByText("Cargando notificaciones")).toBeNull();
    expect(screen.queryByText("Aún no tienes notificaciones.")).toBeNull();
  });
});
