// How long the cover's box stays empty on screen after a card on the home (or, with `--from map`,
// the link in a results map's popup; with `--from event`, the place's link on an event's page;
// with `--from news`, the community's link on a news item's page; with `--from search`, an event
// among the search results for its title) is tapped, on a phone, for two
// static exports loaded alternately (bench/lib/ab.mjs). On a phone of 1.75 device pixels per CSS
// pixel a card's thumbnail and a popup's picture are a picture's 480 px file and the item page's
// cover its 960 one, which starts downloading when the page is drawn unless the tap readied it
// (`preloadCover`). Read from what reaches the screen (a trace's screenshots, one per frame shown,
// as in DevTools' filmstrip): a frame is "empty" where the cover's box is one flat color, as the
// box is before a picture is drawn in it. Asserts nothing. Auth emulator up, as for
// bench/lighthouse.mjs.
//   node bench/cover-after-tap.mjs <export A> <export B> [--runs 8] [--cpu 4] [--fast-net] [--from home|map|event|news|search] [--first-visit]
// By default with the network Lighthouse assumes (150 ms, 1.6 Mbps down); an earlier commit's
// export: see bench/lighthouse-ab.mjs. The throttling is the page's: once the service worker
// controls it (it takes over during the first visit), what the worker fetches for it (the
// pictures it keeps, and what it lets through) is not slowed: without the option a tap measures a
// fast network, with the worker maybe still installing. `--first-visit` blocks the worker: every request of the tap then travels on
// the phone's network, the page's code too.
import { parseArgs } from "node:util";
import sharp from "sharp";
import { alternate, inBrowserWithVersions, median, runCount } from "./lib/ab.mjs";
import { NETWORK, PHONE_SCREEN } from "./lib/phone.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "8" },
    cpu: { type: "string", default: "4" },
    "fast-net": { type: "boolean", default: false },
    from: { type: "string", default: "home" },
    "first-visit": { type: "boolean", default: false },
  },
});
const USAGE = "Uso: node bench/cover-after-tap.mjs <export A> <export B> [--runs 8] [--cpu 4] [--fast-net] [--from home|map|event|news|search] [--first-visit]";
// Where each start's tap leads: the page's address, its title's ids (the tapped link's header
// while the item loads, then the item's) and its cover, with the phrase for the summary.
const EVENT_PAGE = { path: /\/events\//, titles: "#events-listed-title, #event-title", cover: 'article[aria-labelledby="event-title"] img' };
const TARGETS = {
  home: { ...EVENT_PAGE, phrase: "Del inicio a un evento" },
  map: { ...EVENT_PAGE, phrase: "De la ventana de un punto del mapa a un evento" },
  search: { ...EVENT_PAGE, phrase: "De la búsqueda a un evento" },
  event: { path: /\/places\//, titles: "#places-listed-title, #place-title", cover: 'article[aria-labelledby="place-title"] img', phrase: "De un evento a su lugar" },
  news: { path: /\/communities\//, titles: "#communities-listed-title, #community-title", cover: 'article[aria-labelledby="community-title"] img', phrase: "De una noticia a su comunidad" },
};
const target = TARGETS[values.from];
if (positionals.length !== 2 || !target) {
  console.error(USAGE);
  process.exit(1);
}
const runs = runCount(values.runs, USAGE);
const cpuRate = Number(values.cpu);
// A box of one color (its rounded corners and the page around them aside) varies by 1.5 here; the
// demo pictures, by 30 or more. The same line as e2e/content/demo-pictures.spec.ts.
const FLAT = 4;
const CARD = 'main article:has(img) :is(h2, h3) > a[href^="/events/"]';
// The map's tiles come from a server outside (OpenStreetMap's, unreachable here): blank ones in
// its format, as the end-to-end tests do.
const TILE = /^https:\/\/tile\.openstreetmap\.org\//;
const BLANK_TILE = await sharp({ create: { width: 256, height: 256, channels: 3, background: { r: 170, g: 211, b: 223 } } }).png().toBuffer();

/**
 * The home, hydrated and done asking, with its first card with a picture drawn: a card tapped
 * before the app runs is a plain link, and the browser loads the event's page whole (with the
 * cover the server paints into it). Returns what to tap.
 */
async function fromHome(page, base) {
  await page.goto(`${base}/`, { waitUntil: "networkidle" });
  await page.locator(CARD).first().waitFor();
  // The card's thumbnail drawn, as a person about to tap it sees it.
  await page.waitForFunction((card) => {
    const img = document.querySelector(card)?.closest("article")?.querySelector("img");
    return img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0;
  }, CARD);
  return page.locator(CARD).first();
}

/** The results map of an event's day, with its point's popup open (and its picture, if any, drawn). Returns its link. */
async function fromMap(page, base) {
  await page.context().route(TILE, (route) => route.fulfill({ status: 200, contentType: "image/png", body: BLANK_TILE }));
  const { items } = (await (await fetch(`${base}/api/events?limit=20`)).json()).data;
  const event = items.find((item) => item.coverImage !== null && item.lat !== null);
  if (!event) throw new Error("Ningún evento próximo de la demostración tiene imagen y lugar en el mapa.");
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Monterrey" }).format(new Date(event.startsAt));
  await page.goto(`${base}/explore/?when=range&from=${day}&to=${day}&view=map`, { waitUntil: "networkidle" });
  await page.locator('[data-testid="map"][data-state="ready"]').waitFor();
  await page.getByRole("region", { name: "Mapa de resultados" }).getByRole("button", { name: event.title }).first().focus();
  await page.keyboard.press("Enter");
  const link = page.locator(".leaflet-popup-content a");
  await link.waitFor();
  // Its picture drawn, where the export has one.
  await page.waitForFunction(() => {
    const img = document.querySelector(".leaflet-popup-content img");
    return !img || (img.complete && img.naturalWidth > 0);
  });
  return link;
}

/**
 * The page of the first listed item (of `list`) whose `field` (its place, its community) has a
 * picture, done asking. Returns that link.
 */
async function fromItem(page, base, list, field, picture) {
  const { items } = (await (await fetch(`${base}/api/${list}?limit=20`)).json()).data;
  const item = items.find((entry) => entry[field]?.[picture]);
  if (!item) throw new Error(`Ningún elemento de /api/${list} nombra ${field === "place" ? "un lugar" : "una comunidad"} con imagen.`);
  await page.goto(`${base}/${list}/${item._id}/`, { waitUntil: "networkidle" });
  const link = page.locator(`main article a[href^="/${field === "place" ? "places" : "communities"}/${item[field]._id}"]`).first();
  await link.waitFor();
  return link;
}

/** The search results for the title of the first listed event with a picture, done asking; returns its link. */
async function fromSearch(page, base) {
  const { items } = (await (await fetch(`${base}/api/events?limit=20`)).json()).data;
  const event = items.find((item) => item.coverImage !== null);
  if (!event) throw new Error("Ningún evento próximo de la demostración tiene imagen.");
  await page.goto(`${base}/search/?q=${encodeURIComponent(event.title)}`, { waitUntil: "networkidle" });
  const link = page.locator(`main a[href^="/events/${event._id}"]`).first();
  await link.waitFor();
  return link;
}

const STARTS = {
  home: fromHome,
  map: fromMap,
  search: fromSearch,
  event: (page, base) => fromItem(page, base, "events", "place", "coverImage"),
  news: (page, base) => fromItem(page, base, "news", "community", "image"),
};

/** How much a frame's pixels vary inside the box (CSS pixels, as the frames are), or null if the box is off the frame. */
async function variation(image, box) {
  const { width, height } = await sharp(image).metadata();
  const scale = width / PHONE_SCREEN.viewport.width;
  const region = { left: Math.round((box.x + 4) * scale), top: Math.round((box.y + 4) * scale), width: Math.round((box.width - 8) * scale), height: Math.round((box.height - 8) * scale) };
  if (region.top < 0 || region.top + region.height > height || region.left + region.width > width) return null;
  // Cropped into a buffer first: stats() would measure the whole frame.
  const { channels } = await sharp(await sharp(image).extract(region).greyscale().toBuffer()).stats();
  return channels[0].stdev;
}

/** One tap: the frames after it, and how long the item's page showed its cover's box empty. */
async function tap(browser, base) {
  const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: values["first-visit"] ? "block" : "allow" });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const link = await STARTS[values.from](page, base);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    if (!values["fast-net"]) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", NETWORK.simulated);
    }
    // When the item's page is first drawn: the rAF that found its title marks the trace.
    await page.evaluate((titles) => {
      const watch = () => {
        // The item's title, from the link's header or the item itself (the start page has a heading too).
        if (document.querySelector(titles)) console.timeStamp("bench-drawn");
        else requestAnimationFrame(watch);
      };
      requestAnimationFrame(watch);
    }, target.titles);
    await browser.startTracing(page, { screenshots: true, categories: ["devtools.timeline", "disabled-by-default-devtools.screenshot"] });
    await page.evaluate(() => console.timeStamp("bench-tap"));
    await link.click();
    await page.waitForURL(target.path);
    // The item itself drawn (not the link's header while it loads), and its cover's own file.
    const cover = page.locator(target.cover).first();
    await cover.evaluate((img) => (img.complete ? null : new Promise((resolve) => img.addEventListener("load", resolve, { once: true }))));
    // The cover drawn, and the trace's screenshot of it taken.
    await page.waitForTimeout(1000);
    const trace = JSON.parse((await browser.stopTracing()).toString("utf8"));
    const events = trace.traceEvents ?? trace;
    const tracedUntil = Math.max(...events.map((e) => e.ts ?? 0));
    const mark = (name) => events.find((e) => e.name === "TimeStamp" && e.args?.data?.message === name)?.ts;
    const tappedAt = mark("bench-tap");
    const drawnAt = mark("bench-drawn");
    // Not drawn by the app: the browser loaded the page whole (a tap it took as a plain link).
    if (drawnAt === undefined) return null;
    const box = await cover.boundingBox();
    // The event page's frames, from its first (the trace's screenshots, one per frame shown): each
    // empty one lasts until the next frame.
    const shown = [];
    for (const e of events.filter((e) => e.name === "Screenshot" && e.ts >= drawnAt).sort((a, b) => a.ts - b.ts)) {
      shown.push({ at: e.ts, stdev: await variation(Buffer.from(e.args.snapshot, "base64"), box) });
    }
    let emptyMs = 0;
    let emptyFrames = 0;
    for (const [i, frame] of shown.entries()) {
      if (frame.stdev !== null && frame.stdev < FLAT) {
        emptyFrames += 1;
        // The last frame, still empty, until the trace ends.
        emptyMs += ((shown[i + 1]?.at ?? tracedUntil) - frame.at) / 1000;
      }
    }
    const picture = shown.find((frame) => frame.stdev !== null && frame.stdev >= FLAT);
    return { drawnMs: (drawnAt - tappedAt) / 1000, emptyMs, emptyFrames, pictureMs: picture ? (picture.at - tappedAt) / 1000 : null };
  } finally {
    await context.close();
  }
}

await inBrowserWithVersions(positionals, async (versions, browser) => {
  // One uncounted tap each: a fresh server's first answers are slower.
  for (const version of versions) await tap(browser, version.server.base);
  for (const { run, version } of alternate(versions, runs)) {
    const row = await tap(browser, version.server.base);
    if (row === null) {
      console.log(`toque ${run + 1} ${version.name}: el navegador cargó la página entera; no cuenta`);
      continue;
    }
    version.results.push(row);
    console.log(`toque ${run + 1} ${version.name}: página a los ${Math.round(row.drawnMs)} ms · portada vacía ${Math.round(row.emptyMs)} ms en ${row.emptyFrames} fotogramas · imagen en pantalla a los ${row.pictureMs === null ? "— (sin fotograma en la traza)" : Math.round(row.pictureMs)} ms del toque`);
  }
  console.log(`\n${target.phrase}${values["first-visit"] ? " en una primera visita (sin service worker)" : ""}, CPU ${cpuRate}× más lenta${values["fast-net"] ? "" : ", red de 1.6 Mbps y 150 ms"}, ${runs} toques alternados; mediana de cada versión:\n`);
  console.log("Versión  página dibujada  portada vacía  fotogramas  imagen en pantalla  export");
  for (const { name, dir, results } of versions) {
    const m = (key) => {
      const known = results.map((r) => r[key]).filter((value) => value !== null);
      return known.length === 0 ? "—" : Math.round(median(known));
    };
    console.log(`${name.padEnd(7)} ${String(m("drawnMs")).padStart(12)} ms ${String(m("emptyMs")).padStart(11)} ms ${String(m("emptyFrames")).padStart(11)} ${String(m("pictureMs")).padStart(15)} ms  ${dir}`);
  }
});
