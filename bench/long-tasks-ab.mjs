// Long tasks A/B in a real browser with the CPU really slowed down: two static exports served side
// by side by the real server (each with its own PGlite and demo seed), loaded alternately in the
// Debian Chromium at 4× CPU slowdown (CDP; --cpu), and each load's long tasks counted from the Long Tasks
// API: the blocking time after the first paint (the sum of each task's time over 50 ms), how many
// tasks, and the main thread's long tasks before the first paint. Lighthouse's TBT is a
// simulation from an unthrottled trace and here varies by a second between runs of one version;
// this is what the slowed-down main thread actually did, and needs fewer runs to show a change.
// With --slow-net, also the network Lighthouse assumes (150 ms, 1.6 Mbps down), for what depends
// on the race between downloads and the main thread. With --cpu 8, a CPU slowed down twice as much:
// on a fast machine, what Lighthouse's 4× means on a slow one (bench/lighthouse.mjs prints the
// machine's benchmarkIndex). Prints every load and the medians; asserts nothing. Auth emulator up,
// as for bench/lighthouse.mjs.
//   node bench/long-tasks-ab.mjs <export A> <export B> [--path /] [--runs 8] [--slow-net] [--cpu 4]
// --path evento opens each server's first event (event ids are random per seed); other paths must
// name the same page in both. An earlier commit's export: see bench/lighthouse-ab.mjs.
import { parseArgs } from "node:util";
import { alternate, inBrowserWithVersions, median, runCount } from "./lib/ab.mjs";
import { pageOnServer } from "./lib/first-document.mjs";
import { NETWORK, PHONE_SCREEN } from "./lib/phone.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { path: { type: "string", default: "/" }, runs: { type: "string", default: "8" }, "slow-net": { type: "boolean", default: false }, cpu: { type: "string", default: "4" } },
});
const USAGE = "Uso: node bench/long-tasks-ab.mjs <export A> <export B> [--path /] [--runs 8] [--slow-net] [--cpu 4]";
if (positionals.length !== 2) {
  console.error(USAGE);
  process.exit(1);
}
const runs = runCount(values.runs, USAGE);
const slowNet = values["slow-net"];
const cpuRate = Number(values.cpu);
if (!(Number.isFinite(cpuRate) && cpuRate >= 1)) {
  console.error(`--cpu: un número de 1 en adelante (cuántas veces más lenta la CPU).\n${USAGE}`);
  process.exit(1);
}

/** One load: long tasks after and before the first contentful paint. */
async function load(browser, url) {
  const context = await browser.newContext(PHONE_SCREEN);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuRate });
    if (slowNet) {
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", NETWORK.simulated);
    }
    await page.addInitScript(() => {
      const tasks = [];
      Object.defineProperty(window, "__longTasks", { value: tasks });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration]);
      }).observe({ type: "longtask", buffered: true });
    });
    await page.goto(url, { waitUntil: "load" });
    // Lists, lazy sections and the idle prefetch all land within this on this machine.
    await page.waitForTimeout(slowNet ? 8000 : 4000);
    return await page.evaluate(() => {
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? 0;
      const tasks = /** @type {[number, number][]} */ (window.__longTasks);
      const after = tasks.filter(([start]) => start >= fcp);
      return {
        fcpMs: fcp,
        blockingMs: after.reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0),
        tasks: after.length,
        beforePaintMs: tasks.filter(([start]) => start < fcp).reduce((sum, [, duration]) => sum + duration, 0),
      };
    });
  } finally {
    await context.close();
  }
}

await inBrowserWithVersions(positionals, async (versions, browser) => {
  // Each server's page, asked for once; then one uncounted load each: a fresh server's first
  // answers are slower.
  for (const version of versions) version.url = await pageOnServer(version.server.base, values.path);
  for (const version of versions) await load(browser, version.url);
  for (const { run, version } of alternate(versions, runs)) {
    const row = await load(browser, version.url);
    version.results.push(row);
    console.log(`carga ${run + 1} ${version.name}: FCP ${Math.round(row.fcpMs)} ms · bloqueo tras FCP ${Math.round(row.blockingMs)} ms en ${row.tasks} tareas · tareas largas antes de FCP ${Math.round(row.beforePaintMs)} ms`);
  }
  console.log(`\n${values.path}, CPU ${cpuRate}× más lenta${slowNet ? ", red de 1.6 Mbps y 150 ms" : ""}, ${runs} cargas alternadas; mediana de cada versión:\n`);
  console.log("Versión    FCP   bloqueo tras FCP  tareas  antes de FCP  export");
  for (const { name, dir, results } of versions) {
    const m = (key) => Math.round(median(results.map((r) => r[key])));
    console.log(`${name.padEnd(7)} ${String(m("fcpMs")).padStart(6)} ms ${String(m("blockingMs")).padStart(10)} ms ${String(m("tasks")).padStart(9)} ${String(m("beforePaintMs")).padStart(10)} ms  ${dir}`);
  }
});
