import { expect, test, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { E2E_PORT, freshDataDir, startServer, type RunningServer } from "./support/server";
import { waitForOfflineReady } from "./support/pwa";
import { EVENT_LISTS, holdRequests } from "./support/network";
import { openPage, persistedCache } from "./support/accounts";

// Pages served offline after a visit: the service worker, blocked for other journeys (playwright.config.ts).
test.use({ serviceWorkers: "allow" });

// A server of its own, so it can be stopped while the browser keeps the app.
const PORT = E2E_PORT + 1;

/** Runs `journey` in a browser context on a server of its own with fresh data; closes both after. */
async function onOwnServer(
  browser: Browser,
  setup: { dataDir: string; context?: BrowserContextOptions },
  journey: (page: Page, server: RunningServer, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const server = await startServer({ port: PORT, dataDir: freshDataDir(setup.dataDir) });
  const context = await browser.newContext({ baseURL: server.url, ...setup.context });
  try {
    await journey(await context.newPage(), server, context);
  } finally {
    await context.close();
    await server.stop();
  }
}

/** Visits the home once the app works offline, and opens its first event of today; its title. */
async function openTodaysFirstEvent(page: Page): Promise<string> {
  await page.goto("/");
  await waitForOfflineReady(page);
  const card = page.getByRole("region", { name: "Hoy" }).getByRole("article").first();
  const title = (await card.getByRole("link").first().textContent()) ?? "";
  await card.getByRole("link", { name: title }).click();
  return title;
}

test("tras una visita en línea, con el servidor detenido, las páginas siguen funcionando", async ({ browser }) => {
  await onOwnServer(browser, { dataDir: "offline" }, async (page, server, context) => {
    await page.goto("/");
    await waitForOfflineReady(page);
    await page.goto("/events/visitado/");
    await expect(page.getByTestId("route-id")).toHaveText("visitado");

    await server.stop();
    const offline = await context.request.get("/api/health").catch(() => null);
    expect(offline).toBeNull();

    // Reloading a visited page.
    await page.reload();
    await expect(page.getByTestId("route-id")).toHaveText("visitado");

    // A dynamic id never visited before, by direct load.
    await page.goto("/places/nunca-visto/");
    await expect(page.getByTestId("route-id")).toHaveText("nunca-visto");

    // Client navigation through the main navigation, from the precached payload: the page is not
    // loaded again (a payload missing from the precache would turn it into a full page load).
    await openPage(page, "/");
    await page.evaluate(() => Object.assign(window, { plazaSameDocument: true }));
    await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link").nth(2).click();
    await expect(page).toHaveURL(/\/news\/$/);
    await expect(page.locator("h1").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Página no encontrada" })).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { plazaSameDocument?: boolean }).plazaSameDocument)).toBe(true);
  });
});

test("la app se prepara para funcionar sin conexión cuando la página ya tiene sus datos, no mientras los espera", async ({ browser }) => {
  await onOwnServer(browser, { dataDir: "offline-settled" }, async (page) => {
    // Installing downloads the whole app: it waits for the page's own answers (lib/pwa/page-settled.ts).
    // Each registration the page asks for is noted, with whether the lists had their answers.
    await page.addInitScript(() => {
      const calls: boolean[] = [];
      Object.assign(window, { plazaRegistrations: calls });
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args: Parameters<typeof register>) => {
        calls.push((window as unknown as { plazaListsAnswered?: boolean }).plazaListsAnswered === true);
        return register(...args);
      };
    });
    const registrations = () => page.evaluate(() => (window as unknown as { plazaRegistrations: boolean[] }).plazaRegistrations);
    const release = await holdRequests(page, EVENT_LISTS);
    await page.goto("/", { waitUntil: "load" });
    await expect(page.getByRole("progressbar").first()).toBeVisible();
    // Well past the moment it used to register (at `load`), and past free moments of the page.
    await page.waitForTimeout(1_500);
    expect(await registrations()).toEqual([]);

    await page.evaluate(() => Object.assign(window, { plazaListsAnswered: true }));
    release();
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toBeVisible();
    await waitForOfflineReady(page);
    expect(await registrations()).toEqual([true]);
  });
});

test("si la conexión se cae mientras la app se prepara para funcionar sin conexión, lo intenta otra vez al volver la conexión", async ({ browser }) => {
  await onOwnServer(browser, { dataDir: "offline-retry" }, async (page, _server, context) => {
    // The connection drops for what the service worker downloads as it installs: the app, ~1 MB.
    let dropping = true;
    let dropped = 0;
    await context.route("**/*", async (route) => {
      if (dropping && route.request().serviceWorker()) {
        dropped += 1;
        await route.abort("internetdisconnected");
      } else {
        await route.fallback();
      }
    });
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toBeVisible();
    await expect.poll(() => dropped, { timeout: 30_000 }).toBeGreaterThan(0);
    // The failed install leaves nothing installed.
    await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()) === undefined), { timeout: 30_000 }).toBe(true);
    await expect(page.getByText("App lista para trabajar offline")).toHaveCount(0);

    // The browser says the connection is back; the page was not reloaded.
    dropping = false;
    await context.setOffline(true);
    await context.setOffline(false);
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toBeVisible();
  });
});

test("la portada pinta primero su primera pantalla; lo de abajo aparece al bajar, también sin conexión tras una visita", async ({ browser }) => {
  // A phone's screen: the featured communities are far below the first one.
  await onOwnServer(browser, { dataDir: "offline-home", context: { viewport: { width: 412, height: 823 } } }, async (page, server) => {
    await page.goto("/");
    await waitForOfflineReady(page);
    const communities = page.getByRole("region", { name: "Comunidades destacadas" });
    const community = communities.getByRole("link", { name: "Cineclub del Ateneo" });
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("progressbar")).toHaveCount(0);
    // Not drawn while nobody scrolls towards it…
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toBeVisible();
    await expect(community).toHaveCount(0);
    // …but fetched while the page was idle and kept for offline use.
    await expect
      .poll(async () => (await persistedCache(page))?.queries.some((q) => q.queryKey[0] === "communities" && q.queryKey[1] === "list") ?? false)
      .toBe(true);

    await server.stop();
    await page.reload();
    await communities.scrollIntoViewIfNeeded();
    await expect(community).toBeVisible();
    await page.getByRole("region", { name: "Lugares destacados" }).scrollIntoViewIfNeeded();
    await expect(page.getByRole("region", { name: "Lugares destacados" }).getByRole("link", { name: "Museo del Desierto" })).toBeVisible();
  });
});

test("la portada de un evento visto en línea se sigue viendo sin conexión, en el AVIF que bajó", async ({ browser }) => {
  await onOwnServer(browser, { dataDir: "offline-cover" }, async (page, server, context) => {
    const title = await openTodaysFirstEvent(page);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const cover = page.getByRole("main").locator("img").first();
    const decoded = () => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
    await expect.poll(decoded).toBe(true);
    const file = await cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname);
    // The service worker kept what the browser was sent for that address (it varies by Accept).
    const kept = () => page.evaluate(async (url) => (await caches.match(url, { ignoreVary: true }))?.headers.get("content-type") ?? null, file);
    await expect.poll(kept).toBe("image/avif");
    // The event itself is kept too (at most a second after it arrived), as for anyone who read it.
    const id = new URL(page.url()).pathname.split("/").filter(Boolean).pop();
    await expect.poll(async () => (await persistedCache(page))?.queries.some((q) => q.queryKey.includes(id)) ?? false).toBe(true);

    await server.stop();
    // Without the browser's own caches, only the service worker's copy can draw it: a copy the
    // worker cannot match to the image's request (it varies by Accept) would leave the box empty.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.clearBrowserCache");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const drawn = page.waitForResponse((response) => new URL(response.url()).pathname === file);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect.poll(decoded).toBe(true);
    expect(await cover.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(file);
    const response = await drawn;
    expect({ fromServiceWorker: response.fromServiceWorker(), type: response.headers()["content-type"] }).toEqual({ fromServiceWorker: true, type: "image/avif" });
  });
});

test("un evento recién abierto se sigue viendo sin conexión al recargar enseguida", async ({ browser }) => {
  await onOwnServer(browser, { dataDir: "offline-reload-at-once" }, async (page, server, context) => {
    const title = await openTodaysFirstEvent(page);
    // Its description comes only with the event itself, not with the home's list.
    const about = page.getByRole("heading", { level: 2, name: "Acerca del evento" });
    await expect(about).toBeVisible();

    // At once, as a person whose signal drops right after opening it: no wait for the app's save
    // (throttled to once a second). The one made as the page goes away must land before it does.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(about).toBeVisible();
  });
});

test("dos pestañas abiertas a la vez en la primera visita: las dos dicen que la app está lista sin conexión", async ({ browser }) => {
  await onOwnServer(browser, { dataDir: "offline-two-tabs" }, async (first, _server, context) => {
    // The browser answers the later tab's registration once the earlier one's install is done:
    // which tab is later is up to the race, and each must still say so.
    const second = await context.newPage();
    await Promise.all([first.goto("/"), second.goto("/")]);
    await Promise.all([waitForOfflineReady(first), waitForOfflineReady(second)]);
  });
});
