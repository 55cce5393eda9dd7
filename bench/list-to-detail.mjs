// What a person on a phone waits for between tapping an event in the home's list and seeing it,
// next to its floor in the same run: the same tap in the installed app when the event's page was
// already read (its answer is in the app's cache, so nothing is asked of the network).
//
//   npm run build
//   # with the Auth emulator on 127.0.0.1:9099
//   node bench/list-to-detail.mjs [--runs 7] [--out <a copy of out/>]
//
// Debian's Chromium with DevTools' throttling as in bench/cover-visible.mjs (Lighthouse's mobile
// settings: 562.5 ms request latency, 1,474.6 kbit/s down, CPU 4× slower). Each run opens the home
// in a new context, waits for its first list, then taps the first item: "título" is when the
// item's title is on screen as the page's heading, "completa" when nothing of the page is left
// loading (no "Cargando evento" placeholder). Two kinds of visit alternate: a first one, with no
// service worker, and one with the app installed (the service worker has precached it and answers
// the page's payload and code). Times are ms from the tap, median of the runs; asserts nothing.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { startServer } from "./lib/app-server.mjs";
import { PHONE_SCREEN } from "./lib/phone.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// --out: the exported app to serve (another build's copy of out/, to compare two versions).
const { values } = parseArgs({ options: { runs: { type: "string", default: "7" }, out: { type: "string", default: path.join(ROOT, "out") } } });
const RUNS = Number(values.runs);
// The first event card of the home's first list.
const kind = { start: "/", link: 'main article :is(h2, h3) > a[href^="/events/"]', loading: "Cargando evento" };
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((c) => c && fs.existsSync(c));

if (!fs.existsSync(path.join(values.out, "index.html"))) {
  console.error("Falta out/: ejecuta `npm run build` primero.");
  process.exit(1);
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** In the page: taps the first item's link and, every frame, notes when its title and then the whole page are drawn. */
function tapAndWatch({ link, loading }) {
  return new Promise((resolve, reject) => {
    const anchor = document.querySelector(link);
    if (!(anchor instanceof HTMLAnchorElement)) return reject(new Error(`No hay enlace ${link} en la página`));
    // The card's heading links to the item with its title (or name).
    const title = (anchor.textContent ?? "").trim();
    const seen = { title, titleAt: null, wholeAt: null };
    const tapped = performance.now();
    const frame = () => {
      const now = performance.now() - tapped;
      const heading = document.querySelector("main h1");
      const onScreen = heading !== null && heading.textContent?.trim() === title && location.pathname !== "/";
      if (onScreen && seen.titleAt === null) seen.titleAt = now;
      const pending = [...document.querySelectorAll('[role="progressbar"]')].some((el) => el.getAttribute("aria-label") === loading);
      if (onScreen && !pending && seen.wholeAt === null) seen.wholeAt = now;
      if (seen.wholeAt !== null) resolve(seen);
      else if (now > 30_000) reject(new Error(`Tras 30 s no se ve la página de «${title}»`));
      else requestAnimationFrame(frame);
    };
    anchor.click();
    requestAnimationFrame(frame);
  });
}

const server = await startServer({ staticDir: path.resolve(values.out) });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
try {
  /** One person's visit: the home (or the place list), then a tap on its first item, and the floor's tap. */
  async function visit(installed) {
    // A first visit is measured without the service worker, which would otherwise take over at
    // some point of it (clientsClaim) and answer the page's payload from its precache.
    const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: installed ? "allow" : "block" });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 562.5, downloadThroughput: (1474.56 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(`${server.base}${kind.start}`);
    await page.locator(kind.link).first().waitFor({ timeout: 60_000 });
    // Installed: the service worker has precached the app and answers this page's requests.
    if (installed) await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 120_000 });
    // Whatever the page still fetches after its first list (other sections) is done, so the tap
    // competes with nothing.
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    const first = await page.evaluate(tapAndWatch, kind);
    // The floor: back to the list, and the same tap once the page's answer is cached.
    await page.goBack();
    await page.locator(kind.link).first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle", { timeout: 60_000 });
    const again = await page.evaluate(tapAndWatch, kind);
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
  console.log(`\nDe la lista a la página (un evento del inicio; ${RUNS} corridas alternadas, mediana; ms desde el toque; teléfono de Lighthouse)\n`);
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
}
