import path from "node:path";
import { startServer } from "./app-server.mjs";
import { launchChromium } from "./phone.mjs";

// What the A/B benches share: two static exports served side by side by the real server (each
// with its own PGlite and demo seed), measured in alternating order, and the median.

export const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** Versions "A" and "B", each with its export folder, its running server and its results. */
export async function serveVersions(dirs) {
  const versions = [];
  try {
    for (const [i, dir] of dirs.entries()) {
      const resolved = path.resolve(dir);
      versions.push({ name: "AB"[i], dir: resolved, results: [], server: await startServer({ staticDir: resolved }) });
    }
  } catch (error) {
    await stopVersions(versions);
    throw error;
  }
  return versions;
}

/** Stops every version's server, even when one of them fails to stop. */
export async function stopVersions(versions) {
  await Promise.allSettled(versions.map((version) => version.server.stop()));
}

/** The --runs option as a count, or an exit with the usage line. */
export function runCount(value, usage) {
  const runs = Number(value);
  if (Number.isInteger(runs) && runs > 0) return runs;
  console.error(usage);
  process.exit(1);
}

/** Each run's versions in order, alternating who goes first so neither always meets a warmer (or busier) machine. */
export function* alternate(versions, runs) {
  for (let run = 0; run < runs; run++) {
    for (const version of run % 2 === 0 ? versions : [...versions].reverse()) yield { run, version };
  }
}

/**
 * Serves the exports, launches the Debian Chromium, runs `measure(versions, browser)` and stops
 * them all, whatever happens in it.
 */
export async function inBrowserWithVersions(dirs, measure) {
  const versions = await serveVersions(dirs);
  let browser = null;
  try {
    browser = await launchChromium();
    await measure(versions, browser);
  } finally {
    await browser?.close();
    await stopVersions(versions);
  }
}
