import { beforeEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, render, screen, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { initialNotificationsState, notificationsAtom } from "@/lib/state/notifications";

// What `trailingSlash: true` in next.config.ts sets for the build; next/link reads it.
process.env.__NEXT_TRAILING_SLASH = "true";

let pathname = "/";
jest.mock("next/navigation", () => ({ usePathname: () => pathname }));

// Imported after the mock is registered (mocks are not hoisted in this setup).
async function renderNav(store = createStore()) {
  const { MainNav } = await import("../main-nav");
  render(
    <Provider store={store}>
      <MainNav />
    </Provider>,
  );
  return screen.getByRole("navigation", { name: "Navegación principal" });
}

describe("main navigation", () => {
  beforeEach(() => {
    cleanup();
    pathname = "/";
  });

  test("items in the spec's order: home, search, news, notifications, profile", async () => {
    const nav = await renderNav();
    const links = within(nav).getAllByRole("link");
    expect(links).toHaveLength(5);
    expect(links.map((a) => a.textContent)).toEqual(["Inicio", "Búsqueda", "Noticias", "Notificaciones", "Perfil"]);
    expect(links.map((a) => a.getAttribute("href"))).toEqual(["/", "/search/", "/news/", "/notifications/", "/profile/"]);
  });

  test.each([
    ["/", "Inicio"],
    ["/search/", "Búsqueda"],
    ["/news/", "Noticias"],
    ["/news/n-42/", "Noticias"],
    ["/notifications", "Notificaciones"],
    ["/profile/following/", "Perfil"],
    ["/profile/_/", "Perfil"],
  ])("on %s the current item is %s", async (path, label) => {
    pathname = path;
    const nav = await renderNav();
    const current = within(nav)
      .getAllByRole("link")
      .filter((a) => a.getAttribute("aria-current") === "page");
    expect(current.map((a) => a.textContent)).toEqual([label]);
  });

  test("pages outside the five sections mark none", async () => {
    pathname = "/events/create/";
    const nav = await renderNav();
    expect(within(nav).queryAllByRole("link").filter((a) => a.getAttribute("aria-current"))).toHaveLength(0);
  });

  test("the notifications item shows the unread count", async () => {
    const store = createStore();
    const nav = await renderNav(store);
    expect(screen.queryByTestId("notifications-badge")).toBeNull();
    act(() => store.set(notificationsAtom, { ...initialNotificationsState, loaded: true, unviewed: 3 }));
    const badge = within(nav).getByTestId("notifications-badge");
    expect(badge.textContent).toBe("3 sin leer");
    expect(within(nav).getByRole("link", { name: /Notificaciones/ }).contains(badge)).toBe(true);
  });
});
