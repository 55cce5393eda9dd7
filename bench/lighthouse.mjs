// Lighthouse (mobile, default simulated throttling) against the real server serving out/ with the
// demo seed: home, an event page, a place page and a search. Prints each page's category scores,
// LCP, TBT, CLS and bytes transferred; asserts nothing. Run after `npm run build`, with the Auth
// emulator up (the seed registers demo accounts in it). Chromium: CHROME_PATH, else /usr/bin/chromium.
//   node bench/lighthouse.mjs [--runs 3] [--json .bench/lighthouse.json] [--shifts] [--no-floor] [--lhr .bench/lhr] [--photos <folder> [--webp-only]]
// --pages inicio,lugar measures only those of the four pages (names as printed).
// --lhr keeps each run's full Lighthouse report (JSON) and its trace in that folder, to read them.
// --shifts also lists each page's layout shifts (score and the element that moved).
// --photos <folder> measures with photos instead of the demo's drawings: every stored picture
// becomes one of that folder's photos, stored as an upload is (bench/lib/photos.mjs); with
// --webp-only, without the AVIF beside each one, as pictures were served before 30/11/2026.
// --cpu-slowdown <n> sets Lighthouse's CPU multiplier (default 4) to calibrate it to this machine,
// as Lighthouse's docs/throttling.md suggests: the table's last line says the machine's
// benchmarkIndex and class (4× is meant for a high-end desktop). Report the default first.
// Under the table, each run's LCP with the scripts Lighthouse's simulation counted in it: on this
// machine that count decides the event's and the place's LCP (docs/operations/rendimiento-bitacora.md, "El
// LCP del evento y del lugar, una carrera"). Then each run's TBT with how much CPU its trace's long
// tasks had: the simulation scales their wall time (by half the slowdown for a task that lays
// out), including whatever part of it they spent off the CPU.
// The floor, measured first in the same run: bench/bare-next (one heading, bare Next 16 export)
// served by the same server with the same settings, so CPU contention on a shared machine shows
// in both rows instead of passing for Plaza's own cost. --no-floor skips it.
// Map tiles come from a local stand-in for tile.openstreetmap.org (bench/lib/tile-server.mjs):
// this machine has no internet, a phone does.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServer } from "./lib/app-server.mjs";
import { startFloorServer } from "./lib/bare-next.mjs";
import { describeHost, longTaskCpu, startLighthouseBrowser, scriptsInLcp } from "./lib/lighthouse-browser.mjs";
import { measuredPages } from "./lib/measured-pages.mjs";
import { replacePicturesWithPhotos } from "./lib/photos.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argValue = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(argValue("--runs", "1"));
const JSON_OUT = argValue("--json", null);
const SHIFTS = process.argv.includes("--shifts");
const FLOOR = !process.argv.includes("--no-floor");
const LHR_DIR = argValue("--lhr", null);
const ONLY = argValue("--pages", null)?.split(",");
const CPU_SLOWDOWN = argValue("--cpu-slowdown", null);
const PHOTOS = argValue("--photos", null);
const WEBP_ONLY = process.argv.includes("--webp-only");

if (!fs.existsSync(path.join(ROOT, "out", "index.html"))) {
  console.error("Falta out/: ejecuta `npm run build` primero.");
  process.exit(1);
}

const server = await startServer();
let floor = null;
let browser = null;
try {
  if (PHOTOS) {
    const { pictures, phoneKiB } = await replacePicturesWithPhotos(path.join(server.dataDir, "uploads"), path.resolve(PHOTOS), { webpOnly: WEBP_ONLY });
    console.log(`Con fotos: ${pictures} imágenes de la demostración cambiadas por las de ${PHOTOS}${WEBP_ONLY ? ", solo en WebP" : ""} (${phoneKiB.toFixed(1)} KiB de media a 960 px para un navegador).`);
  }
  if (FLOOR) floor = await startFloorServer(ROOT);
  const pages = await measuredPages(server.base, floor?.base);

  browser = await startLighthouseBrowser({ cpuSlowdown: CPU_SLOWDOWN === null ? null : Number(CPU_SLOWDOWN) });

  const rows = [];
  for (const page of pages.filter((p) => !ONLY || p.name === "piso" || ONLY.includes(p.name))) {
    const runs = [];
    // A run whose trace came out broken (NO_NAVSTART and the like) is retried, not counted.
    for (let attempt = 0; runs.length < RUNS && attempt < RUNS * 2; attempt++) {
      const { result, failure } = await browser.measure(`${page.base}${page.path}`);
      if (failure) {
        console.warn(`  ${page.name}: ${failure}; se repite.`);
        continue;
      }
      const { categories, audits } = result.lhr;
      if (LHR_DIR) {
        fs.mkdirSync(path.resolve(ROOT, LHR_DIR), { recursive: true });
        fs.writeFileSync(path.resolve(ROOT, LHR_DIR, `${page.name}-${runs.length + 1}.json`), JSON.stringify(result.lhr));
        // The unthrottled trace the simulation started from: open it in DevTools' Performance panel.
        if (result.artifacts.Trace) fs.writeFileSync(path.resolve(ROOT, LHR_DIR, `${page.name}-${runs.length + 1}.trace.json`), JSON.stringify(result.artifacts.Trace));
      }
      if (SHIFTS) printShifts(page.name, audits, new Set(categories.accessibility.auditRefs.map((ref) => ref.id)));
      runs.push({
        performance: Math.round(categories.performance.score * 100),
        accessibility: Math.round(categories.accessibility.score * 100),
        bestPractices: Math.round(categories["best-practices"].score * 100),
        seo: Math.round(categories.seo.score * 100),
        lcpMs: audits["largest-contentful-paint"].numericValue,
        tbtMs: audits["total-blocking-time"].numericValue,
        cls: audits["cumulative-layout-shift"].numericValue,
        bytes: audits["total-byte-weight"].numericValue,
        // What Lighthouse says is left to gain: uncompressed text and legacy JavaScript.
        compressionSavings: savedBytes(audits["uses-text-compression"]),
        legacyJs: savedBytes(audits["legacy-javascript"] ?? audits["legacy-javascript-insight"]),
        legacyScripts: (audits["legacy-javascript"]?.details?.items ?? []).map((item) => ({ url: item.url, bytes: item.wastedBytes })),
        lcpScripts: await scriptsInLcp(result),
        longTasks: longTaskCpu(result.artifacts.Trace),
        benchmarkIndex: result.lhr.environment.benchmarkIndex,
      });
    }
    if (runs.length === 0) throw new Error(`Lighthouse no pudo medir ${page.path}`);
    // The median run by performance score, as Lighthouse's own guidance suggests for few runs.
    const median = [...runs].sort((a, b) => a.performance - b.performance)[Math.floor(runs.length / 2)];
    rows.push({ page: page.name, path: page.path, ...median, runs });
  }

  const throttlingLabel = CPU_SLOWDOWN === null ? "limitación simulada por defecto" : `limitación simulada con la CPU ${CPU_SLOWDOWN}× más lenta (no la de omisión)`;
  console.log(`\nLighthouse ${lighthouseVersion()} · móvil, ${throttlingLabel} · ${RUNS} corrida(s) por página (mediana)\n`);
  console.log("Página     Rend. Acces. Práct. SEO    LCP      TBT     CLS     Transferido  Sin comprimir  JS heredado");
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(10)} ${String(r.performance).padStart(5)} ${String(r.accessibility).padStart(6)} ${String(r.bestPractices).padStart(6)} ${String(r.seo).padStart(4)}` +
        `  ${(r.lcpMs / 1000).toFixed(1).padStart(5)} s ${Math.round(r.tbtMs).toString().padStart(5)} ms ${r.cls.toFixed(3).padStart(6)}  ${(r.bytes / 1024).toFixed(0).padStart(6)} KiB` +
        `  ${(r.compressionSavings / 1024).toFixed(0).padStart(8)} KiB  ${(r.legacyJs / 1024).toFixed(0).padStart(6)} KiB`,
    );
  }
  for (const r of rows) console.log(`  ${r.page}: ${r.path}${r.page === "piso" ? " (bench/bare-next, mismo servidor y ajustes)" : ""}`);
  if (PHOTOS) console.log(`  imágenes: fotos de ${PHOTOS}${WEBP_ONLY ? " solo en WebP" : ""}, no los dibujos de la demostración`);
  console.log(`  esta máquina: ${describeHost(rows.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)))}`);
  console.log("\nLCP de cada corrida, con los scripts que la simulación contó en él (los que terminaron de bajar antes del LCP de la traza, menos los evaluados después de él en una tarea de 10 ms o más; bench/lcp-scripts.mjs dice cuáles):");
  for (const r of rows) console.log(`  ${r.page.padEnd(10)} ${r.runs.map((run) => `${(run.lcpMs / 1000).toFixed(1)} s (${describeLcpScripts(run.lcpScripts)})`).join(" · ")}`);
  console.log("\nTBT de cada corrida, con la parte de su tiempo de reloj en que las tareas de 10 ms o más de la traza sin frenar tuvieron la CPU (tiempo del hilo sobre tiempo de reloj; la simulación multiplica el de reloj, la mitad en las tareas con layout, también el rato en que la tarea no tuvo la CPU):");
  for (const r of rows) console.log(`  ${r.page.padEnd(10)} ${r.runs.map((run) => `${Math.round(run.tbtMs)} ms (${describeLongTasks(run.longTasks)})`).join(" · ")}`);
  if (JSON_OUT) {
    fs.mkdirSync(path.dirname(path.resolve(ROOT, JSON_OUT)), { recursive: true });
    fs.writeFileSync(path.resolve(ROOT, JSON_OUT), `${JSON.stringify(rows, null, 2)}\n`);
  }
} finally {
  await browser?.stop();
  await server.stop();
  await floor?.stop();
}

function printShifts(name, audits, a11yAudits) {
  const items = audits["layout-shifts"]?.details?.items ?? [];
  console.log(`  ${name}: ${items.length} desplazamiento(s) de diseño`);
  for (const item of items) {
    const causes = (item.subItems?.items ?? []).map((c) => c.cause).filter(Boolean);
    console.log(`    ${item.score.toFixed(4)}  ${item.node?.selector ?? "?"}  «${(item.node?.nodeLabel ?? "").slice(0, 60)}»${causes.length ? `  causa: ${causes.join(", ")}` : ""}`);
  }
  const failed = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
  const a11y = failed.filter((a) => a11yAudits.has(a.id)).map((a) => a.id);
  if (a11y.length) console.log(`    accesibilidad por corregir: ${a11y.join(", ")}`);
}

function describeLcpScripts(counted) {
  if (counted === null) return "sin datos";
  return counted.count === 0 ? "ningún script" : `${counted.count} scripts, ${Math.round(counted.bytes / 1024)} KiB`;
}

function describeLongTasks(measured) {
  if (measured === null) return "sin datos";
  if (measured.tasks === 0) return "ninguna tarea";
  return `${measured.tasks === 1 ? "1 tarea" : `${measured.tasks} tareas`}, CPU ${Math.round(measured.cpuMs)} de ${Math.round(measured.wallMs)} ms, ${Math.round((measured.cpuMs / measured.wallMs) * 100)} %`;
}

function savedBytes(audit) {
  return audit?.details?.overallSavingsBytes ?? audit?.metricSavings?.bytes ?? 0;
}

function lighthouseVersion() {
  try {
    return JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules/lighthouse/package.json"), "utf8")).version;
  } catch {
    return "";
  }
}
