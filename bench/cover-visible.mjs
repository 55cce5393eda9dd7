// What a person on a phone sees of an event page, with the cover the server paints into the page
// (server/plugins/cover-preview.ts) and without it, alternating in the same run:
//
//   npm run build
//   # with the Auth emulator on 127.0.0.1:9099
//   node bench/cover-visible.mjs [--runs 5]
//
// Lighthouse's LCP does not see the 'Cargando...' view the spec lays over every page until the
// first sign-in check: a picture painted under it counts as painted. This run times what is on
// screen instead, in Debian's Chromium with Lighthouse's mobile throttling applied by DevTools
// (562.5 ms request latency, 1,474.6 kbit/s down, 675 kbit/s up, CPU 4× slower): when the loading
// view lifts, and when the cover is decoded with nothing over it. "Sin portada en el HTML" is the
// same server's answer with the painted `<img>` taken out again, so both rows fetch the page the
// same way (through Playwright's interception, which the throttling does not slow down).
//
// --photos <folder>: the pictures become that folder's photos (bench/lib/photos.mjs), and the two
// rows are two servers instead, both with the painted cover: one with the AVIF beside each photo,
// as uploads are kept now, and one with the WebP only, as before 30/11/2026.

import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { startServer } from "./lib/app-server.mjs";
import { NETWORK, PHONE_SCREEN } from "./lib/phone.mjs";
import { replacePicturesWithPhotos } from "./lib/photos.mjs";
import { watchFirstSight } from "./lib/first-sight.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const RUNS = Number(argValue("--runs", "5"));
const PHOTOS = argValue("--photos", null);
const CHROMIUM = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser"].find((c) => c && fs.existsSync(c));

if (!fs.existsSync(path.join(ROOT, "out", "index.html"))) {
  console.error("Falta out/: ejecuta `npm run build` primero.");
  process.exit(1);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** A server with the demo seed, its pictures turned into photos when --photos is given. */
async function seededServer({ webpOnly = false } = {}) {
  const started = await startServer();
  try {
    if (PHOTOS) await replacePicturesWithPhotos(path.join(started.dataDir, "uploads"), path.resolve(PHOTOS), { webpOnly });
  } catch (error) {
    await started.stop();
    throw error;
  }
  return started;
}

let server = null;
let webpServer = null;
let browser = null;
try {
  server = await seededServer();
  // With --photos, the second row's server: the same photos in WebP only.
  if (PHOTOS) webpServer = await seededServer({ webpOnly: true });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu", "--disable-quic"] });
  // The seed gives events new ids on every start: each server is asked for its own, by title.
  const eventUrl = async (base, title = null) => {
    const list = await (await fetch(`${base}/api/events?limit=20`)).json();
    const event = list.data.items.find((item) => item.coverImage !== null && (title === null || item.title === title));
    if (!event) throw new Error("La demostración no tiene eventos con portada.");
    return { url: `${base}/events/${event._id}/`, title: event.title };
  };
  const measured = await eventUrl(server.base);
  const webpUrl = webpServer ? (await eventUrl(webpServer.base, measured.title)).url : null;

  async function visit(painted, url = measured.url) {
    const context = await browser.newContext(PHONE_SCREEN);
    const page = await context.newPage();
    await page.addInitScript(watchFirstSight);
    let hadCover = false;
    await page.route(url, async (route) => {
      const response = await route.fetch();
      let body = await response.text();
      hadCover = /data-cover-preview="">\s*<img /.test(body);
      if (!painted) body = body.replace(/(data-cover-preview="">)<img [^>]*>/, "$1");
      const headers = { ...response.headers() };
      delete headers["content-encoding"];
      delete headers["content-length"];
      await route.fulfill({ status: response.status(), headers, body });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", NETWORK.devtools);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(url);
    await page.waitForFunction(() => window.__firstSight?.cover !== null, undefined, { timeout: 60_000 });
    const seen = await page.evaluate(() => window.__firstSight);
    await context.close();
    if (!hadCover) throw new Error("El servidor no pintó la portada en la página: no hay nada que comparar.");
    return seen;
  }

  // Each row: how one visit goes. Without --photos, the cover painted into the page or not; with
  // it, the AVIF server against the WebP-only one, on the same event.
  const sides = webpServer
    ? { con: () => visit(true), sin: () => visit(true, webpUrl) }
    : { con: () => visit(true), sin: () => visit(false) };
  const labels = webpServer ? { con: "Fotos con AVIF", sin: "Fotos solo en WebP" } : { con: "Portada en el HTML", sin: "Sin portada en el HTML" };
  const rows = { con: [], sin: [] };
  // Warms the servers' caches and Chromium's compiled code for both rows.
  await sides.con();
  await sides.sin();
  for (let run = 0; run < RUNS; run++) {
    for (const name of run % 2 === 0 ? ["con", "sin"] : ["sin", "con"]) rows[name].push(await sides[name]());
  }

  console.log(`\nPágina de un evento en un teléfono (${RUNS} corridas alternadas, mediana; ms desde que empieza la navegación)${PHOTOS ? `; fotos de ${PHOTOS}` : ""}\n`);
  console.log("                          Se quita 'Cargando...'   Portada a la vista   Diferencia");
  for (const [name, label] of Object.entries(labels)) {
    const lifted = median(rows[name].map((r) => r.inSight));
    const cover = median(rows[name].map((r) => r.cover));
    const gap = median(rows[name].map((r) => r.cover - r.inSight));
    console.log(`${label.padEnd(26)}${String(Math.round(lifted)).padStart(12)}${String(Math.round(cover)).padStart(23)}${String(Math.round(gap)).padStart(13)}`);
  }
  for (const name of ["con", "sin"]) console.log(`  ${name}: portada a la vista en ${rows[name].map((r) => Math.round(r.cover)).join(", ")} ms`);
} finally {
  await browser?.close();
  await server?.stop();
  await webpServer?.stop();
}
