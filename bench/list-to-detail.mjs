// What a person on a phone waits for between tapping an event in a list (or on the map of
// results) and seeing it, next to its floor in the same run: the same tap in the installed app
// when the event's page was already read (its answer is in the app's cache, so nothing is asked
// of the network).
//
//   npm run build
//   # with the Auth emulator on 127.0.0.1:9099
//   node bench/list-to-detail.mjs [--runs 7] [--from home|map|event|news] [--out <a copy of out/>]
//
// Debian's Chromium with DevTools' throttling as in bench/cover-visible.mjs (Lighthouse's mobile
// settings: 562.5 ms request latency, 1,474.6 kbit/s down, CPU 4× slower). Each run opens the
// start page in a new context, waits for its first list, then taps the first item: "título" is
// when the item's title is on screen as the page's heading, "completa" when nothing of the page is
// left loading (no "Cargando evento" placeholder). `--from home` taps the home's first event card;
// `--from map` opens /explore, switches to "Mapa", opens the first marker's popup and taps its
// link (tiles from bench/lib/tile-server.mjs); `--from event` opens the page of the first listed
// event at a place and taps the place's link ("completa": no "Cargando lugar", with the place's
// events below maybe still loading); `--from news`, the same from the first listed news item of a
// community to the community. Two kinds of visit alternate: a first one, with no service
// worker, and one with the app installed (the service worker has precached it and answers the
// page's payload and code). Times are ms from the tap, median of the runs; asserts nothing.
// The watch survives a whole new document (a link the browser opens by itself), so an older build
// that loaded the app again (`--out`) is timed the same way.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startServer } from "./lib/app-server.mjs";
import { NETWORK, PHONE_SCREEN } from "./lib/phone.mjs";
import { startTileServer } from "./lib/tile-server.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// --out: the exported app to serve (another build's copy of out/, to compare two versions).
const { values } = parseArgs({
  options: { runs: { type: "string", default: "7" }, from: { type: "string", default: "home" }, out: { type: "string", default: path.join(ROOT, "out") } },
});
const RUNS = Number(values.runs);
const EVENT = { path: "/events/", loading: "Cargando evento" };
const STARTS = {
  // The first event card of the home's first list.
  home: { ...EVENT, url: "/", link: 'main article :is(h2, h3) > a[href^="/events/"]', label: "un evento del inicio" },
  // The first marker's popup on the map of /explore's results.
  map: { ...EVENT, url: "/explore/", link: '.leaflet-popup-content a[href^="/events/"]', label: "un evento del mapa de /explore" },
  // The place's link on an event's page, the community's on a news item's (their addresses are
  // known once the server runs: the first listed item that names one).
  event: { path: "/places/", loading: "Cargando lugar", url: null, from: { list: "events", field: "place" }, link: 'main article a[href^="/places/"]', label: "el lugar desde la página de un evento" },
  news: {
    path: "/communities/",
    loading: "Cargando comunidad",
    url: null,
    from: { list: "news", field: "community" },
    link: 'main article a[href^="/communities/"]',
    label: "la comunidad desde la página de una noticia",
  },
};
const start = STARTS[values.from];
if (!start) {
  console.error(`--from: ${Object.keys(STARTS).join(" o ")}`);
  process.exit(1);
}
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((c) => c && fs.existsSync(c));

if (!fs.existsSync(path.join(values.out, "index.html"))) {
  console.error("Falta out/: ejecuta `npm run build` primero.");
  process.exit(1);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/**
 * In every document of the page: `window.benchWatch(spec)` notes, every frame, when the item's
 * title and then the whole page are drawn (times on the clock every document shares), and a
 * document opened while a watch was pending (a link the browser followed itself) takes it up.
 */
function installWatch() {
  const KEY = "bench-watch";
  const watch = (spec) => {
    // Written once, for a document that replaces this one before the page is drawn (nothing
    // drawn here is lost then: the item's page is drawn in that document).
    sessionStorage.setItem(KEY, JSON.stringify(spec));
    const now = () => performance.timeOrigin + performance.now();
    const frame = () => {
      const heading = document.querySelector("main h1");
      const onScreen = heading !== null && heading.textContent?.trim() === spec.title && location.pathname.startsWith(spec.path);
      if (onScreen && spec.titleAt === null) spec.titleAt = now() - spec.tappedAt;
      const pending = [...document.querySelectorAll('[role="progressbar"]')].some((el) => el.getAttribute("aria-label") === spec.loading);
      if (onScreen && !pending) {
        spec.wholeAt = now() - spec.tappedAt;
        sessionStorage.removeItem(KEY);
        window.benchSeen = spec;
      } else requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  };
  window.benchWatch = watch;
  const pending = sessionStorage.getItem(KEY);
  if (pending) watch(JSON.parse(pending));
}

/** In the page: taps the first link matching `link` and starts watching for its item's page (under `path`). */
function tap({ link, loading, path }) {
  const anchor = document.querySelector(link);
  if (!(anchor instanceof HTMLAnchorElement)) throw new Error(`No hay enlace ${link} en la página`);
  // The card's heading (or the popup's link) names the item with its title.
  const spec = { title: (anchor.textContent ?? "").trim(), loading, path, tappedAt: performance.timeOrigin + performance.now(), titleAt: null, wholeAt: null };
  window.benchSeen = null;
  window.benchWatch(spec);
  anchor.click();
  return spec.title;
}

/** What the watch saw, once the page is whole, in whichever document it ended. */
async function seen(page, title) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    // A document that is being replaced cannot answer; the next one will.
    const result = await page.evaluate(() => window.benchSeen).catch(() => null);
    if (result?.wholeAt != null) return result;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Tras 30 s no se ve la página de «${title}»`);
}

/**
 * The page's requests in flight: `quiet()` resolves once none has been pending for `quietMs`. A
 * same-document Back has no load state to wait for, so the count is kept from the start.
 */
function requestsOf(page) {
  const pending = new Set();
  let lastAt = Date.now();
  const settle = (request) => {
    pending.delete(request);
    lastAt = Date.now();
  };
  page.on("request", (request) => {
    pending.add(request);
    lastAt = Date.now();
  });
  page.on("requestfinished", settle);
  page.on("requestfailed", settle);
  return {
    async quiet(quietMs = 500) {
      const until = Date.now() + 60_000;
      while (Date.now() < until) {
        if (pending.size === 0 && Date.now() - lastAt >= quietMs) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("La página no dejó de pedir cosas en 60 s");
    },
  };
}

/**
 * Gets the start page ready for the tap, with nothing else going on: its list, and for the map,
 * its view with every tile drawn, the first marker's popup open and done fading in.
 */
async function ready(page, requests) {
  // Attached, not visible: the list is hidden while the map shows.
  await page.locator("main article").first().waitFor({ state: "attached", timeout: 60_000 });
  if (values.from === "map") {
    const mapButton = page.getByRole("button", { name: "Mapa" });
    if ((await mapButton.getAttribute("aria-pressed")) !== "true") await mapButton.click();
    await page.locator('[data-testid="map"][data-state="ready"]').waitFor({ timeout: 60_000 });
    await page.locator("path.leaflet-interactive").first().click();
  }
  await page.locator(start.link).first().waitFor({ timeout: 60_000 });
  if (values.from === "map") {
    await page.waitForFunction(
      () =>
        document.querySelector(".leaflet-tile:not(.leaflet-tile-loaded), .leaflet-zoom-anim, .leaflet-pan-anim") === null &&
        Number(getComputedStyle(document.querySelector(".leaflet-popup")).opacity) === 1,
      undefined,
      { timeout: 60_000 },
    );
  }
  await requests.quiet();
  // Two frames: whatever the last answer drew is painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

const server = await startServer({ staticDir: path.resolve(values.out) });
if (start.url === null) {
  const { list, field } = start.from;
  const { data } = await (await fetch(`${server.base}/api/${list}?limit=50`)).json();
  const item = data.items.find((listed) => listed[field] !== null);
  if (!item) throw new Error(`Nada listado en /api/${list} nombra ${field}`);
  start.url = `/${list}/${item._id}/`;
}
const tiles = await startTileServer();
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic", ...tiles.chromeFlags] });
try {
  /** One person's visit: the start page, then a tap on its first item, and the floor's tap. */
  async function visit(installed) {
    // A first visit is measured without the service worker, which would otherwise take over at
    // some point of it (clientsClaim) and answer the page's payload from its precache.
    const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: installed ? "allow" : "block" });
    await context.addInitScript(installWatch);
    const page = await context.newPage();
    const requests = requestsOf(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK.devtools);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${server.base}${start.url}`);
    // Installed: the service worker has precached the app and answers this page's requests.
    if (installed) await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    // Whatever the page still fetches after its first list (other sections) is done, so the tap
    // competes with nothing.
    await ready(page, requests);
    const first = await seen(page, await page.evaluate(tap, { link: start.link, loading: start.loading, path: start.path }));
    // The floor: back to the list, and the same tap once the page's answer is cached.
    await page.goBack();
    await ready(page, requests);
    const again = await seen(page, await page.evaluate(tap, { link: start.link, loading: start.loading, path: start.path }));
    await context.close();
    if (again.title !== first.title) throw new Error(`La segunda vez se tocó otro elemento («${again.title}» y no «${first.title}»)`);
    return { first, again };
  }

  await visit(false); // warms the server's caches and Chromium's compiled code
  const runs = { visit: [], installed: [] };
  for (let run = 0; run < RUNS; run++) {
    for (const installed of run % 2 === 0 ? [false, true] : [true, false]) runs[installed ? "installed" : "visit"].push(await visit(installed));
  }

  const ms = (list) => Math.round(median(list));
  console.log(`\nDe la lista a la página (${start.label}; ${RUNS} corridas alternadas, mediana; ms desde el toque; teléfono de Lighthouse)\n`);
  console.log("| Toque | título a la vista | página completa |");
  console.log("| --- | ---: | ---: |");
  for (const [name, label] of [
    ["visit", "Primera visita, sin service worker"],
    ["installed", "Con la app instalada (service worker)"],
  ]) {
    console.log(`| ${label} | ${ms(runs[name].map((r) => r.first.titleAt))} | ${ms(runs[name].map((r) => r.first.wholeAt))} |`);
  }
  // Without the service worker the page's payload is asked for again on every tap (it is not
  // kept), so the floor is the installed app's second tap: nothing left to ask of the network.
  const floor = runs.installed.map((r) => r.again);
  console.log(`| suelo: la misma página ya leída | ${ms(floor.map((r) => r.titleAt))} | ${ms(floor.map((r) => r.wholeAt))} |`);
  for (const name of ["visit", "installed"]) {
    console.log(`\n${name === "visit" ? "Primera visita" : "Instalada"}: título ${runs[name].map((r) => Math.round(r.first.titleAt)).join(", ")} ms; completa ${runs[name].map((r) => Math.round(r.first.wholeAt)).join(", ")} ms`);
  }
} finally {
  await browser.close();
  await server.stop();
  await tiles.stop();
}
