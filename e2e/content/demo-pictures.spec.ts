import { expect, test, type Locator, type Page, type Response } from "@playwright/test";
import sharp from "sharp";
import { CITY_TIME_ZONE } from "../../lib/schemas/constants";
import { blankTiles } from "./support";

// The demo city is seen with pictures, as a visitor would see an agenda people filled in: a card
// downloads the small file of its picture and the event page its cover, both really drawn.

/** The file the browser chose from the set, and whether it decoded (a broken or pending one has no size). */
async function shown(image: Locator): Promise<{ file: string; decoded: boolean }> {
  return image.evaluate((img: HTMLImageElement) => ({ file: new URL(img.currentSrc || img.src).pathname, decoded: img.complete && img.naturalWidth > 0 }));
}

interface Listed {
  _id: string;
  title: string;
  startsAt: string;
  coverImage: string | null;
  lat: number | null;
}

/** An upcoming demo event with its picture (and a place on the map, if `onMap`), as the API lists it. */
async function listedWithCover(page: Page, onMap = false): Promise<Listed> {
  const res = await page.request.get("/api/events?limit=20");
  const items = ((await res.json()) as { data: { items: Listed[] } }).data.items;
  const found = items.find((item) => item.coverImage !== null && (!onMap || item.lat !== null));
  expect(found).toBeDefined();
  return found!;
}

test("la agenda de demostración se ve con imágenes: miniatura en la tarjeta y portada en el evento", async ({ page }) => {
  // What the server sent for each picture file, as the page received it.
  const served = new Map<string, Response>();
  page.on("response", (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith("/uploads/")) served.set(pathname, response);
  });
  await page.goto("/");
  // The demo always has something on today (the seed's test says so): the page's first card.
  const card = page.getByRole("region", { name: "Hoy" }).getByRole("article").first();
  const thumb = card.locator("img");
  // The card's thumbnail is 96 px wide: the smallest of the three files is enough.
  await expect.poll(() => shown(thumb)).toEqual({ file: expect.stringMatching(/^\/uploads\/content\/[0-9a-f-]{36}\/480\.webp$/), decoded: true });

  const title = (await card.getByRole("link").first().textContent()) ?? "";
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const cover = page.getByRole("main").locator("img").first();
  await expect.poll(() => shown(cover)).toEqual({ file: expect.stringMatching(/^\/uploads\/content\/[0-9a-f-]{36}\/960\.webp$/), decoded: true });

  // The browser asks for AVIF and gets it at the WebP's address: the same cover in fewer bytes.
  const { file } = await shown(cover);
  const response = served.get(file);
  expect(response?.headers()["content-type"]).toBe("image/avif");
  const avifBytes = (await response!.body()).length;
  const webp = await page.request.get(file, { headers: { accept: "*/*" } });
  expect(webp.headers()["content-type"]).toBe("image/webp");
  expect(avifBytes).toBeLessThan((await webp.body()).length);
});

test.describe("en un teléfono", () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("la portada del evento se ve en 16:9, no recortada en un cuadrado", async ({ page }) => {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Hoy" }).getByRole("article").first();
    const title = (await card.getByRole("link").first().textContent()) ?? "";
    await card.getByRole("link", { name: title }).click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const cover = page.getByRole("main").locator("img").first();
    await expect.poll(() => shown(cover)).toMatchObject({ decoded: true });
    const box = await cover.boundingBox();
    expect(box).not.toBeNull();
    expect(Math.abs(box!.height - (box!.width * 9) / 16)).toBeLessThanOrEqual(1);
  });
});

test.describe("en un teléfono de 1.75 píxeles por punto", () => {
  test.use({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });

  /** How much the box's pixels vary: an empty box is one flat color, a picture is not. */
  async function variation(box: Locator): Promise<number> {
    const { channels } = await sharp(await box.screenshot()).greyscale().stats();
    return channels[0]!.stdev;
  }

  /**
   * Opens an event by `tap` with its cover's file held back (on a phone this dense, the 960 px
   * file, not yet downloaded), and checks that its box shows the file a smaller view drew before
   * the tap (`drawn`, its path), then its own. `slowToDraw` answers with that picture at 7 680 px
   * (the same address), as long to decode here as a big photo on a busy phone.
   */
  async function coverStandsIn(page: Page, title: string, drawn: string, tap: () => Promise<void>, slowToDraw = false) {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/uploads\/content\/[0-9a-f-]{36}\/960\.webp$/, async (route) => {
      await held;
      if (!slowToDraw) return route.continue();
      const original = await route.fetch();
      const big = await sharp(await original.body()).resize(7680).webp({ effort: 0 }).toBuffer();
      const headers = { "content-type": "image/webp", "content-length": String(big.length), "cache-control": original.headers()["cache-control"] ?? "no-store" };
      await route.fulfill({ status: 200, body: big, headers });
    });
    await tap();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Cargando evento" })).toHaveCount(0);
    const cover = page.getByRole("main").locator("img").first();
    expect(await shown(cover)).toMatchObject({ decoded: false });
    // Not an empty box: the smaller view's picture, drawn at the cover's size. Polled: with
    // requests routed Playwright turns the HTTP cache off, so the page's new <img> asks for that
    // file again.
    await expect.poll(() => variation(cover)).toBeGreaterThan(4);
    expect(await cover.evaluate((img: HTMLImageElement) => img.style.backgroundImage)).toBe(`url("${drawn}")`);

    // Looked at as soon as its file has arrived, when the box is most likely to be caught empty:
    // the small file still stands in then (what the box holds when the file arrives), and the box
    // shows a picture, the small one or its own.
    await expect(page.locator("#event-title")).toBeVisible();
    await cover.evaluate((img: HTMLImageElement) => {
      (window as { coverArrived?: Promise<string> }).coverArrived = new Promise((resolve) =>
        img.addEventListener("load", () => resolve(img.style.backgroundImage), { once: true }),
      );
    });
    release();
    expect(await page.evaluate(() => (window as { coverArrived?: Promise<string> }).coverArrived)).toBe(`url("${drawn}")`);
    expect(await variation(cover)).toBeGreaterThan(4);
    // Then its own file alone, drawn.
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.style.backgroundImage)).toBe("");
    expect(await shown(cover)).toEqual({ file: expect.stringMatching(/\/960\.webp$/), decoded: true });
    expect(await variation(cover)).toBeGreaterThan(4);
  }

  /** Taps the first card of today that has a picture, once its small file is drawn. */
  async function fromCard(page: Page, slowToDraw = false) {
    await page.goto("/");
    const card = page.getByRole("region", { name: "Hoy" }).getByRole("article").filter({ has: page.locator("img") }).first();
    await expect.poll(() => shown(card.locator("img"))).toEqual({ file: expect.stringMatching(/\/480\.webp$/), decoded: true });
    const title = (await card.getByRole("link").first().textContent()) ?? "";
    await coverStandsIn(page, title, (await shown(card.locator("img"))).file, () => card.getByRole("link", { name: title }).click(), slowToDraw);
  }

  test("al tocar una tarjeta, la portada muestra la miniatura que ya bajó mientras llega la grande", async ({ page }) => {
    await fromCard(page);
  });

  test("una portada que tarda en decodificarse deja ver la miniatura hasta que se dibuja, sin un momento vacía", async ({ page }) => {
    await fromCard(page, true);
  });

  test("desde la ventana de un punto del mapa, la portada muestra la imagen que la ventana ya bajó", async ({ page, context }) => {
    await blankTiles(context);
    const event = await listedWithCover(page, true);
    // Its day in the city, so the map holds few points.
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: CITY_TIME_ZONE }).format(new Date(event.startsAt));
    await page.goto(`/explore/?when=range&from=${day}&to=${day}&view=map`);
    const map = page.getByRole("region", { name: "Mapa de resultados" });
    await expect(map).toHaveAttribute("data-state", "ready");
    // By the keyboard: on one place's spot several markers may lie one over another.
    await map.getByRole("button", { name: event.title, exact: true }).first().focus();
    await page.keyboard.press("Enter");
    const popupLink = page.locator(".leaflet-popup").getByRole("link", { name: event.title, exact: true });
    await expect(popupLink).toBeFocused();
    // The popup's picture, 160 px wide: the small file of the set, drawn.
    await expect.poll(() => shown(popupLink.locator("img"))).toEqual({ file: expect.stringMatching(/\/480\.webp$/), decoded: true });
    await coverStandsIn(page, event.title, (await shown(popupLink.locator("img"))).file, () => page.keyboard.press("Enter"));
  });

  test("abierto directamente, el evento no baja la miniatura de su portada", async ({ page }) => {
    const id = (await listedWithCover(page))._id;
    const small: string[] = [];
    page.on("request", (request) => {
      if (/\/480\.webp$/.test(request.url())) small.push(request.url());
    });
    await page.goto(`/events/${id}/`);
    const cover = page.getByRole("main").locator("img").first();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect.poll(() => shown(cover)).toEqual({ file: expect.stringMatching(/\/960\.webp$/), decoded: true });
    expect(small).toEqual([]);
  });
});

test.describe("la portada llega con la página", () => {
  // The service worker allowed: the hydration check counts every console error, and where
  // Playwright blocks the worker, registering it fails in a way no browser does.
  test.use({ viewport: { width: 412, height: 823 }, serviceWorkers: "allow" });

  test.describe("sin que corra la app", () => {
    test.use({ javaScriptEnabled: false });

    test("el HTML de un evento ya trae su portada, descargada sin esperar a la app", async ({ page }) => {
      const id = (await listedWithCover(page))._id;
      await page.goto(`/events/${id}/`);
      const cover = page.getByRole("main").locator("img").first();
      // 412 px at one device pixel per CSS pixel: the 480 file of the set is enough.
      await expect.poll(() => shown(cover)).toEqual({ file: expect.stringMatching(/^\/uploads\/content\/[0-9a-f-]{36}\/480\.webp$/), decoded: true });
    });
  });

  test("la app la reemplaza en el mismo sitio y tamaño, sin errores al hidratar", async ({ browser, page }) => {
    const id = (await listedWithCover(page))._id;
    const early = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    const before = await early.newPage();
    await before.goto(`${test.info().project.use.baseURL}/events/${id}/`);
    const painted = before.getByRole("main").locator("img").first();
    await expect.poll(() => shown(painted)).toMatchObject({ decoded: true });
    const preview = { ...(await shown(painted)), box: await painted.boundingBox() };
    await early.close();

    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    // Hold the item back: after hydrating, the page still waits for it, with the picture shown.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/events/${id}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/events/${id}/`);
    await expect(page.getByTestId("route-id")).toHaveText(id);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(0);
    const waiting = page.getByRole("main").locator("img");
    await expect(waiting).toHaveCount(1);
    expect(await shown(waiting)).toEqual({ file: preview.file, decoded: true });
    release();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cover = page.getByRole("main").locator("img").first();
    await expect.poll(() => shown(cover)).toMatchObject({ decoded: true });
    // The same file in the same box: nothing downloads twice and nothing moves.
    expect({ ...(await shown(cover)), box: await cover.boundingBox() }).toEqual(preview);
    expect(errors).toEqual([]);
  });
});
