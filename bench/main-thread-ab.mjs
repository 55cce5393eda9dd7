// Main-thread work A/B: two static exports served side by side by the real server (each with its
// own PGlite and demo seed), loaded alternately in the Debian Chromium on a phone screen, each load
// traced; for the first seconds after navigation it sums the main thread's CPU time (the thread
// time of its tasks, not their wall time, so a busy shared machine changes it little), the CPU of
// its rendering steps (style, layout, paint, layerize, commit) and how many times it painted. What
// Lighthouse's TBT and the Long Tasks API miss: many short frames, each under 50 ms, that take the
// main thread from hydration and from drawing what arrives (an animation the compositor cannot run
// alone repaints on every frame). Prints every load and the medians; asserts nothing. Auth emulator
// up, as for bench/lighthouse.mjs.
//   node bench/main-thread-ab.mjs <export A> <export B> [--path /] [--runs 6] [--seconds 4]
// --path evento opens each server's first event (event ids are random per seed); other paths must
// name the same page in both. An earlier commit's export: see bench/lighthouse-ab.mjs.
import { parseArgs } from "node:util";
import { alternate, inBrowserWithVersions, median, runCount } from "./lib/ab.mjs";
import { pageOnServer } from "./lib/first-document.mjs";
import { PHONE_SCREEN } from "./lib/phone.mjs";
import { countedLoad, isTask, pageNavigation } from "./lib/trace.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { path: { type: "string", default: "/" }, runs: { type: "string", default: "6" }, seconds: { type: "string", default: "4" } },
});
const USAGE = "Uso: node bench/main-thread-ab.mjs <export A> <export B> [--path /|evento] [--runs 6] [--seconds 4]";
if (positionals.length !== 2) {
  console.error(USAGE);
  process.exit(1);
}
const runs = runCount(values.runs, USAGE);
const seconds = Number(values.seconds);
if (!(seconds > 0)) {
  console.error(`--seconds: un número mayor que 0.\n${USAGE}`);
  process.exit(1);
}

const RENDERING = new Set(["UpdateLayoutTree", "Layout", "PrePaint", "Paint", "Layerize", "Commit"]);
// blink.user_timing carries the navigationStart that names the page's main thread.
const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing", "loading"];

/**
 * One load's main-thread work in its first `seconds`, or null when its trace cannot say (no
 * navigation of the page, no task on its main thread, or a task of 1 ms or more without thread
 * time; Chromium leaves it out of tasks of a few microseconds, which count as 0). Tasks are
 * summed whole, nested ones too, and one that runs past the window counts in full: alike on both
 * sides of an A/B.
 */
async function load(browser, url) {
  const context = await browser.newContext(PHONE_SCREEN);
  try {
    const page = await context.newPage();
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(seconds * 1000);
    const { traceEvents } = JSON.parse((await browser.stopTracing()).toString());
    const start = pageNavigation(traceEvents);
    if (!start) return null;
    const end = start.ts + seconds * 1e6;
    const onMain = traceEvents.filter((e) => e.pid === start.pid && e.tid === start.tid && e.ph === "X" && e.ts >= start.ts && e.ts < end);
    const tasks = onMain.filter(isTask);
    if (tasks.length === 0 || tasks.some((e) => e.tdur === undefined && e.dur >= 1000)) return null;
    const cpuMs = (list) => list.reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000;
    const rendering = onMain.filter((e) => RENDERING.has(e.name));
    return { cpuMs: cpuMs(tasks), renderingMs: cpuMs(rendering), paints: rendering.filter((e) => e.name === "Paint").length };
  } finally {
    await context.close();
  }
}

/** One load's figures, or null (with a warning) when the load or its trace failed. */
const measure = (browser, label, url) => countedLoad(label, "la traza no dice el trabajo del hilo principal de la página", () => load(browser, url));

await inBrowserWithVersions(positionals, async (versions, browser) => {
  // One uncounted load each first: a fresh server's first answers are slower.
  for (const version of versions) {
    version.url = await pageOnServer(version.server.base, values.path);
    await measure(browser, `previa ${version.name}`, version.url);
  }
  for (const { run, version } of alternate(versions, runs)) {
    const row = await measure(browser, `carga ${run + 1} ${version.name}`, version.url);
    if (!row) continue;
    version.results.push(row);
    console.log(`carga ${run + 1} ${version.name}: CPU del hilo principal ${row.cpuMs.toFixed(1)} ms · en dibujar ${row.renderingMs.toFixed(1)} ms · ${row.paints} pintados`);
  }
  console.log(`\n${values.path}, primeros ${seconds} s de cada carga, ${runs} cargas alternadas, sin frenar la CPU; mediana de cada versión:\n`);
  console.log("Versión   CPU del hilo   en dibujar   pintados  export");
  for (const { name, dir, results } of versions) {
    if (results.length === 0) {
      console.log(`${name.padEnd(7)} ninguna carga contó  ${dir}`);
      continue;
    }
    const m = (key) => median(results.map((r) => r[key]));
    console.log(`${name.padEnd(7)} ${m("cpuMs").toFixed(1).padStart(11)} ms ${m("renderingMs").toFixed(1).padStart(9)} ms ${String(m("paints")).padStart(10)}  ${dir}`);
  }
});
