import { beforeEach, describe, expect, jest, test } from "@jest/globals";
import { act, cleanup, render, screen } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { TextDecoder, TextEncoder } from "node:util";
import { authCheckedAtom } from "@/lib/state/auth";

// jsdom lacks these; ky (the API client, imported by the notifications listener) reads them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

jest.mock("next/navigation", () => ({ usePathname: () => "/" }));
// The real startup flow loads Firebase; here the test plays the first sign-in report itself.
jest.mock("@/lib/auth/session", () => ({ watchSession: () => () => undefined }));
// The real navigation, counted each time it renders.
const mockNavRenders = { count: 0 };
jest.mock("../main-nav", () => {
  const actual = jest.requireActual<typeof import("../main-nav")>("../main-nav");
  return {
    MainNav: () => {
      mockNavRenders.count += 1;
      return actual.MainNav();
    },
  };
});

async function renderShell(store = createStore()) {
  const { AppShell } = await import("../app-shell");
  render(
    <Provider store={store}>
      <AppShell>
        <h1>Contenido</h1>
      </AppShell>
    </Provider>,
  );
  return store;
}

describe("app shell", () => {
  beforeEach(() => cleanup());

  test("shows 'Cargando...' as a live status until the first sign-in report", async () => {
    const store = await renderShell();
    const status = screen.getByRole("status");
    expect(status.textContent).toContain("Cargando...");
    expect(status.getAttribute("aria-live")).toBe("polite");
    // The page underneath cannot be used yet.
    expect(screen.getByText("Contenido").closest("[inert]")).not.toBeNull();

    act(() => store.set(authCheckedAtom, true));
    expect(screen.queryByText("Cargando...")).toBeNull();
    expect(screen.getByText("Contenido").closest("[inert]")).toBeNull();
  });

  test("the first sign-in report of an anonymous visit does not render the navigation again", async () => {
    // That report comes in the middle of every first load; repainting the whole shell then
    // blocked a phone's main thread for nothing that changes on screen.
    const store = await renderShell();
    const before = mockNavRenders.count;
    expect(before).toBeGreaterThan(0);
    act(() => store.set(authCheckedAtom, true));
    expect(screen.queryByText("Cargando...")).toBeNull();
    expect(mockNavRenders.count).toBe(before);
    expect(screen.getByRole("navigation", { name: "Navegación principal" })).toBeTruthy();
  });

  test("shows the build id so a new deployment is visible", async () => {
    await renderShell();
    expect(screen.getByTestId("build-id").textContent).toBe("Versión dev");
  });
});
