import { afterEach, beforeAll, describe, expect, jest, test } from "@jest/globals";
import { fillBrowserGaps } from "@/lib/__tests__/fixtures/browser";

let idleCallbacks: IdleRequestCallback[] = [];

beforeAll(() => {
  fillBrowserGaps();
  // The test decides when the page goes idle.
  window.requestIdleCallback = (callback) => idleCallbacks.push(callback);
  window.cancelIdleCallback = () => undefined;
});

let unmount = () => {};
afterEach(() => {
  unmount();
  idleCallbacks = [];
});

/** Fresh modules for each test (the library loader remembers what it loaded), React and
 * Testing Library included so that they and the lazily imported library share one React. */
async function load() {
  jest.resetModules();
  const [testing, { ToasterHost }, { notify }] = await Promise.all([
    import("@testing-library/react/pure"),
    import("../toaster-host"),
    import("@/lib/toast/notify"),
  ]);
  unmount = testing.cleanup;
  return { ...testing, ToasterHost, notify };
}

const toaster = () => document.querySelector(".toaster");

describe("ToasterHost", () => {
  test("a message shown before the page goes idle appears without waiting for idle", async () => {
    const { render, act, screen, ToasterHost, notify } = await load();
    render(<ToasterHost />);
    expect(toaster()).toBeNull();
    act(() => notify("success", "Evento guardado."));
    expect(await screen.findByText("Evento guardado.")).toBeTruthy();
    expect(toaster()).not.toBeNull();
  });

  test("with no message, the toaster mounts once the page goes idle, ready for the next one", async () => {
    const { render, act, screen, waitFor, ToasterHost, notify } = await load();
    render(<ToasterHost />);
    expect(idleCallbacks).toHaveLength(1);
    expect(toaster()).toBeNull();
    await act(async () => {
      for (const callback of idleCallbacks) callback({ didTimeout: false, timeRemaining: () => 50 });
    });
    await waitFor(() => expect(toaster()).not.toBeNull());
    act(() => notify("danger", "No se pudo guardar."));
    expect(await screen.findByText("No se pudo guardar.")).toBeTruthy();
  });
});
