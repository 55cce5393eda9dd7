// When a first-time visitor on a phone first sees the page, and when they can use it, for two
// exports side by side in alternating order:
//
//   npm run build
//   # with the Auth emulator on 127.0.0.1:9099
//   node bench/first-sight-ab.mjs <export A> <export B> [--page inicio|evento|lugar|búsqueda] [--runs 6]
//
// Lighthouse's LCP does not see the 'Cargando...' view the spec lays over every page until the
// first sign-in check: what is painted under it counts as painted. This run times what is on
// screen, in Debian's Chromium with DevTools applying Lighthouse's mobile network (562.5 ms
// request latency, 1.47 Mbps down) and a CPU 4× slower: the first frame with the page in sight
// (no loading view over it), and the moment the view leaves the document (the app answered its
// first sign-in check and the page can be used).

import { parseArgs } from "node:util";
import { alternate, inBrowserWithVersions, median, runCount } from "./lib/ab.mjs";
import { watchFirstSight } from "./lib/first-sight.mjs";
import { NETWORK, PHONE_SCREEN } from "./lib/phone.mjs";

const USAGE = "Uso: node bench/first-sight-ab.mjs <export A> <export B> [--page inicio|evento|lugar|búsqueda] [--runs 6]";
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { page: { type: "string", default: "evento" }, runs: { type: "string", default: "6" } },
});
if (positionals.length !== 2) {
  console.error(USAGE);
  process.exit(1);
}
const runs = runCount(values.runs, USAGE);

/** Each page's address on a server (the seed gives events new ids on every start). */
const PAGES = {
  inicio: async () => "/",
  evento: async (base) => {
    const list = await (await fetch(`${base}/api/events?limit=20`)).json();
    const event = list.data.items.find((item) => item.coverImage !== null);
    if (!event) throw new Error("La demostración no tiene eventos con portada.");
    return `/events/${event._id}/`;
  },
  lugar: async () => "/places/alameda-zaragoza/",
  "búsqueda": async () => "/search/?q=exposici%C3%B3n",
};
const pathOf = PAGES[values.page];
if (!pathOf) {
  console.error(USAGE);
  process.exit(1);
}

await inBrowserWithVersions(positionals, async (versions, browser) => {
  for (const version of versions) version.path = await pathOf(version.server.base);
  async function visit(version) {
    const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: "block" });
    try {
      const page = await context.newPage();
      await page.addInitScript(watchFirstSight);
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", NETWORK.devtools);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await page.goto(`${version.server.base}${version.path}`);
      await page.waitForFunction(() => window.__firstSight?.usable !== null, undefined, { timeout: 60_000 });
      return await page.evaluate(() => window.__firstSight);
    } finally {
      await context.close();
    }
  }
  // Warms each server's caches and Chromium's compiled code.
  for (const version of versions) await visit(version);
  for (const { run, version } of alternate(versions, runs)) {
    const seen = await visit(version);
    version.results.push(seen);
    console.log(`corrida ${run + 1} ${version.name}: página a la vista ${Math.round(seen.inSight)} ms · se puede usar ${Math.round(seen.usable)} ms`);
  }
  console.log(`\n${values.page} en un teléfono (red móvil de Lighthouse en DevTools, CPU 4×), ${runs} corridas alternadas; mediana, ms desde que empieza la navegación:\n`);
  console.log("Versión  Página a la vista  Se puede usar  export");
  for (const version of versions) {
    const inSight = median(version.results.map((r) => r.inSight));
    const usable = median(version.results.map((r) => r.usable));
    console.log(`${version.name.padEnd(7)}  ${String(Math.round(inSight)).padStart(14)} ms  ${String(Math.round(usable)).padStart(10)} ms  ${version.dir}`);
  }
});
