// The browser every Lighthouse bench measures with: the Debian Chromium (CHROME_PATH, else
// /usr/bin/chromium), headless, with map tiles from the local stand-in for tile.openstreetmap.org
// (tile-server.mjs), and Lighthouse's default config: mobile form factor, simulated slow 4G and
// 4× CPU slowdown.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startTileServer } from "./tile-server.mjs";

export async function startLighthouseBrowser() {
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
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
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
