// The browser every Lighthouse bench measures with: the Debian Chromium (CHROME_PATH, else
// /usr/bin/chromium), headless, with map tiles from the local stand-in for tile.openstreetmap.org
// (tile-server.mjs), and Lighthouse's default config: mobile form factor, simulated slow 4G and
// 4× CPU slowdown (`cpuSlowdown` changes only that).
import { startTileServer } from "./tile-server.mjs";
import { isTask, pageNavigation } from "./trace.mjs";
import { benchTool } from "./bench-tools.mjs";

const chromeLauncher = await benchTool("chrome-launcher");
const { default: lighthouse } = await benchTool("lighthouse");

/**
 * Lighthouse's device classes by the host's benchmarkIndex (its docs/throttling.md, "Benchmarking
 * CPU Power"). Its 4× slowdown is meant for a high-end desktop (1500–2000), which it moves into the
 * mid-tier mobile class; from a slower host the same 4× emulates a slower phone than that, and
 * the docs suggest 2× (1–5) from a low-end desktop.
 */
const HOST_CLASSES = [
  [1500, "escritorio de gama alta"],
  [1000, "escritorio de gama baja"],
  [800, "móvil de gama alta"],
  [125, "móvil de gama media"],
  [0, "móvil de gama baja"],
];

/** The host's benchmarkIndex, as Lighthouse measured it in each run (median), with its class. */
export function describeHost(indexes) {
  const sorted = indexes.filter((index) => Number.isFinite(index) && index >= 0).sort((a, b) => a - b);
  if (sorted.length === 0) return "sin datos";
  const median = sorted[Math.floor(sorted.length / 2)];
  const [, label] = HOST_CLASSES.find(([floor]) => median >= floor);
  return `benchmarkIndex ${Math.round(median)} (${Math.round(sorted[0])}–${Math.round(sorted.at(-1))}; ${label} según la tabla de Lighthouse)`;
}

/** `cpuSlowdown`: Lighthouse's CPU multiplier (default 4), to calibrate it to the host as its docs say. */
export async function startLighthouseBrowser({ cpuSlowdown = null } = {}) {
  if (cpuSlowdown !== null && !(Number.isFinite(cpuSlowdown) && cpuSlowdown > 0)) {
    throw new Error("--cpu-slowdown: un número mayor que 0 (Lighthouse usa 4 por omisión)");
  }
  const tiles = await startTileServer();
  let chrome;
  try {
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", ...tiles.chromeFlags],
    });
  } catch (error) {
    await tiles.stop();
    throw error;
  }
  return {
    /**
     * One Lighthouse run of `url`: its result, or `failure` (why) when the run gave no score, as
     * when its trace comes out broken (NO_NAVSTART and the like); such a run is not counted.
     */
    async measure(url) {
      const flags = { port: chrome.port, output: "json", logLevel: "error" };
      // Only the multiplier: Lighthouse merges flags into its settings (resolveSettings), so the
      // rest of the throttling stays its mobile default.
      if (cpuSlowdown !== null) flags.throttling = { cpuSlowdownMultiplier: cpuSlowdown };
      const result = await lighthouse(url, flags);
      if (result.lhr.runtimeError || result.lhr.categories.performance.score === null) {
        return { result: null, failure: result.lhr.runtimeError?.message ?? "sin puntuación" };
      }
      return { result, failure: null };
    },
    async stop() {
      await chrome.kill();
      await tiles.stop();
    },
  };
}

/**
 * The scripts Lighthouse's simulated LCP waited for in one run: its simulation keeps every script
 * that finished downloading before the LCP of the unthrottled trace, unless that script's
 * evaluation shows up as a task of 10 ms or more starting after it. Null when it cannot be read.
 */
export async function scriptsInLcp(result) {
  const { artifacts } = result;
  try {
    // Not part of Lighthouse's public API: the computed artifact its LCP audit reads, for the graph
    // it simulated. A version that moved it gives "sin datos" instead of failing the run.
    const { LanternLargestContentfulPaint } = await import("lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js");
    const lcp = await LanternLargestContentfulPaint.request(
      { trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings: artifacts.settings, simulator: null, URL: artifacts.URL, SourceMaps: artifacts.SourceMaps },
      { computedCache: new Map() },
    );
    const scripts = [...lcp.pessimisticEstimate.nodeTimings.keys()].filter((node) => node.type === "network" && node.request.resourceType === "Script");
    return { count: scripts.length, bytes: scripts.reduce((sum, node) => sum + node.request.transferSize, 0) };
  } catch {
    return null;
  }
}

/**
 * How much of their time the page's main-thread tasks of 10 ms or more (those Lantern never
 * prunes) had a CPU in the unthrottled trace: their thread time over their wall time. Lantern
 * multiplies the wall time by the CPU slowdown (half of it for a task that lays out), for TBT and
 * the CPU part of LCP: a task that spent part of it off the CPU (waiting for a core or for anything
 * else; the trace does not say) weighs as if it had worked all along. Null when the trace has no
 * navigation to read.
 */
export function longTaskCpu(trace) {
  const events = trace?.traceEvents ?? [];
  const navigation = pageNavigation(events);
  if (!navigation) return null;
  const tasks = events.filter((e) => isTask(e) && e.pid === navigation.pid && e.tid === navigation.tid && e.ts >= navigation.ts && e.dur >= 10_000);
  if (tasks.some((e) => e.tdur === undefined)) return null;
  return { tasks: tasks.length, wallMs: tasks.reduce((sum, e) => sum + e.dur, 0) / 1000, cpuMs: tasks.reduce((sum, e) => sum + e.tdur, 0) / 1000 };
}
