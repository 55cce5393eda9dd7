import { expect, test, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { ORGANIZER, api, blankTiles, createEventByApi, saltilloDaysAhead, tokenFor } from "./support";

// Opening an item from a list, a map or another item's page (issue 10): the tap itself asks for
// the item, so its answer travels while the page's own code does, and a page opened from a list
// shows at once the title the card had, with placeholders for the rest (bench/list-to-detail.mjs
// times it).

// A first visit: with the service worker the page's code could come from its precache instead.
test.use({ serviceWorkers: "block" });

const DESCRIPTION = "Obras de Ponce y Barrios en la sala principal.";

/** The days ahead the tests below use: 300 for lists, the next ones one for each map. */
const DAYS = { list: 300, lute: 301, cello: 302 } as const;

/**
 * An event of its own, far enough ahead that a one-day range lists only it and its kin: each map
 * test has a day of its own (two maps on one day would stack their markers), and so has each
 * repetition or retry of a test.
 */
async function newEvent(title: string, where: Record<string, unknown> = { address: "Teatro Fernando Soler, Saltillo" }, daysAhead: number = DAYS.list) {
  const { repeatEachIndex, retry, project } = test.info();
  const run = repeatEachIndex * (project.retries + 1) + retry;
  const startsAt = saltilloDaysAhead(daysAhead + Object.keys(DAYS).length * run, 18);
  const event = await createEventByApi(await tokenFor(ORGANIZER), { title, description: DESCRIPTION, startsAt, ...where });
  return { ...event, day: startsAt.slice(0, 10) };
}

/**
 * Holds the item's answer and its page's payload, then `tap`s. Until the tap's own request is
 * seen the payload stays held, so no code of the page has run and only the tap can have asked for
 * the item. Returns how many times it was asked for, and what lets its answer go.
 */
async function tapHeld(page: Page, item: { kind: "events" | "places" | "communities"; id: string }, tap: () => Promise<void>) {
  let asked = 0;
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/api/${item.kind}/${item.id}`, async (route) => {
    asked += 1;
    await held;
    await route.continue();
  });
  let releasePage = () => {};
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(new RegExp(`/${item.kind}/${item.id}/index\\.txt`), async (route) => {
    await pageHeld;
    await route.continue();
  });

  await tap();
  await expect.poll(() => asked).toBe(1);
  releasePage();
  await expect(page).toHaveURL(new RegExp(`/${item.kind}/${item.id}/?$`));
  return { asked: () => asked, release };
}

/** Opens `listUrl`, taps the event there, and checks what the page shows while its answer is held. */
async function tapAndSee(page: Page, listUrl: string, event: { _id: string; title: string }) {
  await page.goto(listUrl);
  const card = page.getByRole("link", { name: event.title });
  await expect(card).toBeVisible();
  const { asked, release } = await tapHeld(page, { kind: "events", id: event._id }, () => card.click());

  await expect(page.getByRole("heading", { level: 1, name: event.title })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Cargando evento" })).toBeVisible();
  await expect(page.getByText(DESCRIPTION)).toHaveCount(0);
  // Once: the page, reading it too, found it already on its way.
  expect(asked()).toBe(1);

  release();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Cargando evento" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([event.title]);
  expect(asked()).toBe(1);
}

test("al tocar un evento de una lista, su página muestra enseguida su título y después el resto", async ({ page }) => {
  const event = await newEvent(`Recital de guitarra ${Date.now().toString(36)}`);
  await tapAndSee(page, `/explore/?when=range&from=${event.day}&to=${event.day}`, event);
});

test("también desde los resultados de la búsqueda", async ({ page }) => {
  const event = await newEvent(`Recital de arpa ${Date.now().toString(36)}`);
  await tapAndSee(page, `/search/?q=${encodeURIComponent(event.title)}`, event);
});

/** Two events of one day on the results map, drawn on blank tiles; returns the first and the map. */
async function resultsMap(page: Page, context: BrowserContext, instrument: string, daysAhead: number) {
  await blankTiles(context);
  const stamp = Date.now().toString(36);
  const event = await newEvent(`Recital de ${instrument} ${stamp}`, { address: "Alameda Zaragoza, Saltillo", lat: 25.4261, lng: -101.0069 }, daysAhead);
  await newEvent(`Recital de oboe ${stamp}`, { address: "Plaza de Armas, Saltillo", lat: 25.4232, lng: -101.0053 }, daysAhead);

  await page.goto(`/explore/?when=range&from=${event.day}&to=${event.day}`);
  await page.getByRole("button", { name: "Mapa" }).click();
  const map = page.getByRole("region", { name: "Mapa de resultados" });
  await expect(map).toHaveAttribute("data-state", "ready");
  return { event, map };
}

/**
 * Waits until a popup has stopped moving: Leaflet pans the map to fit one that opens near its
 * edge. A click aimed while it pans is retried by Playwright with the popup scrolled to the middle
 * of the map's own box; Leaflet puts that scroll back at once, so the click lands on the bare map,
 * which closes the popup.
 */
async function untilStill(popup: Locator) {
  let last = "";
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await popup.boundingBox());
        // A popup gone is not one standing still.
        const still = box === last && box !== "null";
        last = box;
        return still;
      },
      { intervals: [150] },
    )
    .toBe(true);
}

test("desde el mapa de resultados, el evento se abre dentro de la app, sin volver a cargarla", async ({ page, context }) => {
  const { event, map } = await resultsMap(page, context, "laúd", DAYS.lute);
  // The page's own state: a load of the whole app again would lose it.
  await page.evaluate(() => ((window as unknown as { stayedInApp: boolean }).stayedInApp = true));

  const popupLink = page.locator(".leaflet-popup").getByRole("link", { name: event.title });
  await map.getByRole("button", { name: event.title }).click();
  await expect(popupLink).toBeVisible();
  await untilStill(popupLink);
  const mapUrl = page.url();
  expect(mapUrl).toMatch(/[?&]view=map$/);

  // Ctrl or Cmd: the browser opens it in a new tab, and this page neither moves nor asks for it.
  let askedHere = 0;
  page.on("request", (request) => {
    if (request.url().endsWith(`/api/events/${event._id}`)) askedHere += 1;
  });
  const [tab] = await Promise.all([page.context().waitForEvent("page"), popupLink.click({ modifiers: ["ControlOrMeta"] })]);
  await expect(tab.getByRole("heading", { level: 1 })).toHaveText([event.title]);
  await tab.close();
  expect(page.url()).toBe(mapUrl);
  expect(askedHere).toBe(0);

  const { asked, release } = await tapHeld(page, { kind: "events", id: event._id }, () => popupLink.click());
  release();
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([event.title]);
  expect(asked()).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp)).toBe(true);

  // Back lands on the map, where the person was.
  await page.goBack();
  await expect(page).toHaveURL(mapUrl);
  await expect(page.getByRole("button", { name: "Mapa" })).toHaveAttribute("aria-pressed", "true");
  await expect(map).toHaveAttribute("data-state", "ready");
});

test("con el teclado: Tab llega a cada punto del mapa, Enter abre su ventana con el enlace listo y Escape vuelve al punto", async ({ page, context }) => {
  const { event, map } = await resultsMap(page, context, "cello", DAYS.cello);
  const marker = map.getByRole("button", { name: event.title });
  const popupLink = page.locator(".leaflet-popup").getByRole("link", { name: event.title });

  // From the view switch, as a person without a pointer goes: the map, then its points.
  await page.getByRole("button", { name: "Mapa" }).focus();
  for (let i = 0; i < 20 && !(await marker.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(marker).toBeFocused();
  await expect(marker).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Enter");
  await expect(popupLink).toBeFocused();
  await expect(marker).toHaveAttribute("aria-expanded", "true");
  // Back on the marker with its popup still open: Enter goes to the link again.
  await marker.focus();
  await page.keyboard.press("Enter");
  await expect(popupLink).toBeFocused();
  // Escape from its close button as from its link.
  const close = page.locator(".leaflet-popup").getByRole("button", { name: "Cerrar" });
  await page.keyboard.press("Tab");
  await expect(close).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(popupLink).toHaveCount(0);
  await expect(marker).toBeFocused();
  await expect(marker).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press(" ");
  await expect(popupLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/events/${event._id}/?$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([event.title]);
});

/** The demo's Teatro Fernando Soler, a place with a cover. */
async function seededTheater() {
  const places = await api<{ items: { _id: string; name: string; coverImage: string | null }[] }>("GET", "/places", { query: { limit: "50" } });
  const place = places.data.items.find((p) => p.name === "Teatro Fernando Soler")!;
  expect(place.coverImage).not.toBeNull();
  return place;
}

test("desde la página de un evento, el enlace a su lugar pide el lugar al tocarlo y su página muestra enseguida su nombre, su tipo y su portada", async ({ page }) => {
  const place = await seededTheater();
  const event = await newEvent(`Recital de piano ${Date.now().toString(36)}`, { placeId: place._id });

  await page.goto(`/events/${event._id}/`);
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  const link = page.getByRole("link", { name: place.name, exact: true });
  const { asked, release } = await tapHeld(page, { kind: "places", id: place._id }, () => link.click());
  // No list of places holds it: the event named it, with its kind and cover.
  await expect(page.getByRole("heading", { level: 1, name: place.name })).toBeVisible();
  await expect(page.getByText("Teatro", { exact: true })).toBeVisible();
  await expect(page.locator(`img[src="${place.coverImage}"]`)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Cargando lugar" })).toBeVisible();
  await expect(page.getByText("Horario", { exact: true })).toHaveCount(0);

  release();
  await expect(page.getByText("Horario", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([place.name]);
  await expect(page.getByRole("progressbar", { name: "Cargando lugar" })).toHaveCount(0);
  expect(asked()).toBe(1);
});

test("desde la página de una noticia, la comunidad que la publica muestra enseguida su nombre y su imagen", async ({ page }) => {
  type Named = { _id: string; name: string; image: string | null };
  const news = await api<{ items: { _id: string; title: string; community: Named | null }[] }>("GET", "/news", { query: { limit: "50" } });
  const found = news.data.items.find((n) => n.community?.image);
  expect(found, "la semilla tiene una noticia de una comunidad con imagen").toBeDefined();
  const item = found!;
  const community = item.community!;

  await page.goto(`/news/${item._id}/`);
  await expect(page.getByRole("heading", { level: 1, name: item.title })).toBeVisible();
  const link = page.getByRole("link", { name: community.name, exact: true });
  const { asked, release } = await tapHeld(page, { kind: "communities", id: community._id }, () => link.click());
  // No list of communities holds it: the news item named it, with its picture.
  await expect(page.getByRole("heading", { level: 1, name: community.name })).toBeVisible();
  await expect(page.locator(`img[src="${community.image}"]`)).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Cargando comunidad" })).toBeVisible();

  release();
  await expect(page.getByRole("progressbar", { name: "Cargando comunidad" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText([community.name]);
  expect(asked()).toBe(1);
});

/**
 * Taps `link` to the item with the page's payload held until the item's cover has arrived, so only
 * the tap can have asked for it, and checks what the frame that first shows the item's name drew:
 * the cover's file already there, asked for once (the page took the one the tap brought).
 */
async function coverReadyAtFirstFrame(page: Page, item: { kind: "events" | "places"; id: string; name: string; cover: string }, link: Locator) {
  // Any of its stored widths: the browser picks one for the screen.
  const folder = new URL(item.cover, "http://plaza").pathname.replace(/[^/]+$/, "");
  const ofCover = (request: { url(): string }) => new URL(request.url()).pathname.startsWith(folder);
  let coverAsked = 0;
  page.on("request", (request) => void (ofCover(request) && (coverAsked += 1)));
  const coverArrived = page.waitForEvent("requestfinished", { predicate: ofCover, timeout: 15_000 });
  let releasePage = () => {};
  const pageHeld = new Promise<void>((resolve) => (releasePage = resolve));
  await page.route(new RegExp(`/${item.kind}/${item.id}/index\\.txt`), async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page.evaluate(
    ({ name, folder }) => {
      const frame = () => {
        const heading = document.querySelector("main h1");
        if (heading?.textContent?.trim() !== name) return void requestAnimationFrame(frame);
        const cover = Array.from(document.querySelectorAll("main img")).find((img): img is HTMLImageElement => img instanceof HTMLImageElement && img.currentSrc.includes(folder));
        (window as unknown as { firstFrame: unknown }).firstFrame = cover ? { complete: cover.complete, drawable: cover.naturalWidth > 0 } : "sin portada";
      };
      requestAnimationFrame(frame);
    },
    { name: item.name, folder },
  );

  await link.click();
  await coverArrived;
  releasePage();
  await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { firstFrame?: unknown }).firstFrame)).toEqual({ complete: true, drawable: true });
  expect(coverAsked).toBe(1);
}

test("el enlace a un lugar baja su portada desde el toque, y su página la dibuja en su primer fotograma sin volver a pedirla", async ({ page }) => {
  const place = await seededTheater();
  const event = await newEvent(`Recital de arpa ${Date.now().toString(36)}`, { placeId: place._id });

  await page.goto(`/events/${event._id}/`);
  await expect(page.getByText(DESCRIPTION)).toBeVisible();
  await coverReadyAtFirstFrame(page, { kind: "places", id: place._id, name: place.name, cover: place.coverImage! }, page.getByRole("link", { name: place.name, exact: true }));
});

test("también un evento desde los resultados de la búsqueda, que no muestran su imagen", async ({ page }) => {
  const events = await api<{ items: { _id: string; title: string; coverImage: string | null }[] }>("GET", "/events", { query: { limit: "20" } });
  const event = events.data.items.find((e) => e.coverImage !== null);
  expect(event, "la semilla tiene un evento próximo con imagen").toBeDefined();

  await page.goto(`/search/?q=${encodeURIComponent(event!.title)}`);
  const link = page.locator(`main a[href^="/events/${event!._id}"]`);
  await expect(link).toBeVisible();
  // The results draw no picture of it.
  await expect(page.locator("main img")).toHaveCount(0);
  await coverReadyAtFirstFrame(page, { kind: "events", id: event!._id, name: event!.title, cover: event!.coverImage! }, link);
});
