// What the first layout of each measured page waits on, in the trace Lighthouse simulates from: the
// page loaded unthrottled in the Debian Chromium (Lighthouse's mobile screen) while Chrome records
// its timeline and font events. On Linux, the first time a renderer lays text out in a system font
// of a given family, size and weight, it asks the browser process over a synchronous IPC for the
// font and for how to render that size (WebSandboxSupportLinux::GetWebFontRenderStyleForStrike);
// Android answers in-process, and a web font skips the question. Lighthouse counts the whole
// layout, waits included, as main-thread work and multiplies it by 4. This prints, per page
// (median of the runs): when the first paint came, the longest layout before it, how many font
// questions it asked, how long the renderer waited for their answers and how long the browser
// took to answer them (the rest is the answer waiting its turn on a busy machine). Asserts
// nothing. Run after `npm run build`, Auth emulator up (as for bench/lighthouse.mjs).
//   node bench/first-layout.mjs [--runs 5] [--no-floor] [--out <export>]
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { median, runCount } from "./lib/ab.mjs";
import { startServer } from "./lib/app-server.mjs";
import { startFloorServer } from "./lib/bare-next.mjs";
import { measuredPages } from "./lib/measured-pages.mjs";
import { launchChromium, PHONE_SCREEN } from "./lib/phone.mjs";
import { countedLoad, pageNavigation } from "./lib/trace.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const USAGE = "Uso: node bench/first-layout.mjs [--runs 5] [--no-floor] [--out <export>]";
const { values } = parseArgs({ options: { runs: { type: "string", default: "5" }, "no-floor": { type: "boolean", default: false }, out: { type: "string", default: path.join(ROOT, "out") } } });
const runs = runCount(values.runs, USAGE);
if (!fs.existsSync(path.join(values.out, "index.html"))) {
  console.error(`Falta ${values.out}/index.html: ejecuta \`npm run build\` primero.`);
  process.exit(1);
}

// The renderer's side of each font question, and the browser's work answering it. Chromium 156
// on this machine traces the family lookup through FontDataManager/FontDataServiceImpl; the
// font_service names are those of other builds, kept so a browser update does not hide them.
const ASKED = new Set([
  "WebSandboxSupportLinux::GetWebFontRenderStyleForStrike",
  "WebSandboxSupportLinux::GetFallbackFontForCharacter",
  "FontDataManager::onMatchFamilyStyle",
  "FontServiceThread::MatchFamilyName",
  "FontLoader::openStream",
]);
const ANSWERED = new Set([
  "FontServiceApp::FontRenderStyleForStrike",
  "FontServiceApp::FallbackFontForCharacter",
  "FontServiceApp::MatchFamilyName",
  "FontServiceApp::OpenStream",
  "FontDataServiceImpl::MatchFamilyName",
]);

/** One load's first layout, from its trace events. */
function firstLayout(events) {
  const start = pageNavigation(events);
  // The page's own first paint and layouts, not a frame's inside it.
  const paint = start && events.find((e) => e.name === "firstContentfulPaint" && e.args?.data?.navigationId === start.args.data.navigationId);
  if (!paint) return null;
  const mainThread = (e) => e.pid === start.pid && e.tid === start.tid;
  const layouts = events.filter((e) => e.name === "Layout" && e.ph === "X" && mainThread(e) && e.ts >= start.ts && e.ts < paint.ts);
  if (layouts.length === 0) return null;
  const layout = layouts.reduce((a, b) => (b.dur > a.dur ? b : a));
  const within = (e) => e.ph === "X" && e.ts >= layout.ts && e.ts + e.dur <= layout.ts + layout.dur;
  // Outermost questions only: a lookup traced inside another is one wait, not two.
  const asked = [];
  for (const e of events.filter((q) => ASKED.has(q.name) && mainThread(q) && within(q)).sort((x, y) => x.ts - y.ts)) {
    const last = asked.at(-1);
    if (!last || e.ts >= last.ts + last.dur) asked.push(e);
  }
  const answered = events.filter((e) => ANSWERED.has(e.name) && within(e));
  const ms = (list) => list.reduce((sum, e) => sum + e.dur, 0) / 1000;
  return { paintMs: (paint.ts - start.ts) / 1000, layoutMs: layout.dur / 1000, questions: asked.length, waitedMs: ms(asked), answeringMs: ms(answered) };
}

/** One load's first layout, or null (with a warning) when the load or its trace failed. */
const measure = (browser, name, url) => countedLoad(`  ${name}`, "la traza no trajo primer pintado o layout", () => load(browser, url));

async function load(browser, url) {
  const context = await browser.newContext(PHONE_SCREEN);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const events = [];
    cdp.on("Tracing.dataCollected", ({ value }) => events.push(...value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", { categories: "devtools.timeline,loading,blink.user_timing,fonts", transferMode: "ReportEvents" });
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(1000);
    await cdp.send("Tracing.end");
    await complete;
    return firstLayout(events);
  } finally {
    await context.close();
  }
}

const server = await startServer({ staticDir: path.resolve(values.out) });
let floor = null;
let browser = null;
try {
  if (!values["no-floor"]) floor = await startFloorServer(ROOT);
  const pages = await measuredPages(server.base, floor?.base);
  browser = await launchChromium();
  // One uncounted load per server: a fresh server's first answers are slower.
  for (const base of new Set(pages.map((p) => p.base))) await measure(browser, "calentamiento", `${base}/`);
  const rows = pages.map((page) => ({ ...page, results: [] }));
  // Round after round, so a busy minute of the machine falls on every page alike.
  for (let run = 0; run < runs; run++) {
    for (const row of rows) {
      const result = await measure(browser, row.name, `${row.base}${row.path}`);
      if (result) row.results.push(result);
    }
  }
  console.log(`\nPrimer layout, sin frenar (la traza de la que parte Lighthouse); mediana de ${runs} cargas\n`);
  console.log("Página     1er pintado  layout más largo  preguntas de fuente  espera  respuesta del navegador");
  for (const { name, path: pagePath, results } of rows) {
    if (results.length === 0) {
      console.log(`${name.padEnd(10)} sin cargas medidas   ${pagePath}`);
      continue;
    }
    // Each column's own median: one row's figures may come from different loads.
    const m = (key) => median(results.map((r) => r[key]));
    console.log(
      `${name.padEnd(10)} ${m("paintMs").toFixed(0).padStart(8)} ms ${m("layoutMs").toFixed(1).padStart(12)} ms ${String(m("questions")).padStart(14)}` +
        `   ${m("waitedMs").toFixed(1).padStart(6)} ms ${m("answeringMs").toFixed(1).padStart(10)} ms   ${pagePath}`,
    );
  }
} finally {
  await browser?.close();
  await server.stop();
  await floor?.stop();
}
