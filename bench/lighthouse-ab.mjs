// Lighthouse A/B: two static exports served side by side by the real server (each with its own
// PGlite and demo seed) and measured alternately in one run (A then B, B then A, …), so whatever
// load the shared machine carries falls on both alike. Between runs of one version Lighthouse's TBT
// varies by up to a second here; comparing runs from different hours cannot show a 300 ms change,
// this can. Prints every run and each version's medians; asserts nothing. Auth emulator up, as
// for bench/lighthouse.mjs. Beside the scores, what the run's trace says of drawing: how many frames
// Lighthouse captured (it reads back and encodes a screenshot of each one while the page loads) and
// the CPU of the page's main thread, the browser's and the GPU compositor's, which share this
// machine's two cores: the part of TBT that is waiting for a core moves with the other two.
//   node bench/lighthouse-ab.mjs <export A> <export B> [--path /places/alameda-zaragoza] [--runs 8] [--cpu-slowdown 4]
// The path must name the same page in both: the home, a search, a place or community by its slug
// (event ids are random per seed). An earlier commit's export: `git worktree add /tmp/antes <rev>`,
// `cp -al node_modules /tmp/antes/` (Turbopack refuses a symlinked one), `npm run build` there.
import { parseArgs } from "node:util";
import { alternate, median, runCount, serveVersions, stopVersions } from "./lib/ab.mjs";
import { describeHost, startLighthouseBrowser } from "./lib/lighthouse-browser.mjs";
import { capturedFrames, drawingThreadsCpu } from "./lib/trace.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { path: { type: "string", default: "/" }, runs: { type: "string", default: "8" }, "cpu-slowdown": { type: "string" } },
});
const USAGE = "Uso: node bench/lighthouse-ab.mjs <export A> <export B> [--path /] [--runs 8] [--cpu-slowdown 4]";
if (positionals.length !== 2) {
  console.error(USAGE);
  process.exit(1);
}
const runs = runCount(values.runs, USAGE);
const versions = await serveVersions(positionals);
let browser = null;
try {
  const cpuSlowdown = values["cpu-slowdown"] === undefined ? null : Number(values["cpu-slowdown"]);
  browser = await startLighthouseBrowser({ cpuSlowdown });
  // One uncounted run each first: the first load of a fresh server and browser is much slower
  // (a first run here gave 4.5 s of TBT against 0.5 s for the next).
  for (const version of versions) await browser.measure(`${version.server.base}${values.path}`);
  for (const { run, version } of alternate(versions, runs)) {
    // A run without a score is tried once more, as bench/lighthouse.mjs does.
    let measured = await browser.measure(`${version.server.base}${values.path}`);
    if (measured.failure) {
      console.warn(`  ${version.name}: ${measured.failure}; se repite.`);
      measured = await browser.measure(`${version.server.base}${values.path}`);
    }
    if (measured.failure) {
      console.warn(`  ${version.name}: ${measured.failure}; no se cuenta.`);
      continue;
    }
    const { lhr, artifacts } = measured.result;
    const events = artifacts.Trace.traceEvents;
    const cpu = drawingThreadsCpu(events);
    const row = {
      frames: capturedFrames(events),
      pageCpuMs: cpu?.page ?? NaN,
      browserCpuMs: cpu?.browser ?? NaN,
      compositorCpuMs: cpu?.compositor ?? NaN,
      performance: Math.round(lhr.categories.performance.score * 100),
      fcpMs: lhr.audits["first-contentful-paint"].numericValue,
      lcpMs: lhr.audits["largest-contentful-paint"].numericValue,
      tbtMs: lhr.audits["total-blocking-time"].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
    };
    version.results.push(row);
    console.log(
      `corrida ${run + 1} ${version.name}: ${row.performance} · FCP ${Math.round(row.fcpMs)} ms · LCP ${Math.round(row.lcpMs)} ms · TBT ${Math.round(row.tbtMs)} ms · ${row.frames} fotogramas · CPU página ${Math.round(row.pageCpuMs)}, navegador ${Math.round(row.browserCpuMs)}, compositor ${Math.round(row.compositorCpuMs)} ms`,
    );
  }
  const cpu = cpuSlowdown === null ? "" : `, CPU ${cpuSlowdown}× más lenta (no la de omisión)`;
  console.log(`\nLighthouse móvil, ${values.path}, ${runs} corridas alternadas${cpu}; mediana de cada versión:\n`);
  console.log("Versión  Rend.   FCP      LCP      TBT    fotogr.  CPU página  navegador  compositor  export");
  for (const { name, dir, results } of versions) {
    if (results.length === 0) continue;
    const m = (key) => median(results.map((r) => r[key]));
    const ms = (key) => `${String(Math.round(m(key))).padStart(6)} ms`;
    console.log(
      `${name.padEnd(7)} ${String(m("performance")).padStart(5)}  ${(m("fcpMs") / 1000).toFixed(2)} s  ${(m("lcpMs") / 1000).toFixed(2)} s  ${String(Math.round(m("tbtMs"))).padStart(5)} ms  ${String(m("frames")).padStart(6)}  ${ms("pageCpuMs")}  ${ms("browserCpuMs")}   ${ms("compositorCpuMs")}  ${dir}`,
    );
  }
  console.log(`\nEsta máquina: ${describeHost(versions.flatMap((v) => v.results.map((r) => r.benchmarkIndex)))}`);
} finally {
  await browser?.stop();
  await stopVersions(versions);
}
