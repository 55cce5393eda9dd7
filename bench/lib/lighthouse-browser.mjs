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
