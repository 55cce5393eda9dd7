import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API_NODE_FLAGS } from "../../scripts/lib/processes.mjs";
import { freePort } from "./free-port.mjs";

// The real entry point (server/main.ts, run as npm start runs it: scripts/api.mjs) started for a
// browser benchmark: its own port, a fresh PGlite data folder with the demo seed, the Auth
// emulator for identity, the geocoder off.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The real entry point (server/main.ts), on its own port and data folder (`dataDir`, its uploads in `dataDir/uploads`), serving `staticDir`. */
export async function startServer({ staticDir = path.join(ROOT, "out"), seed = true } = {}) {
  const port = await freePort();
  fs.mkdirSync(path.join(ROOT, ".data"), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(ROOT, ".data", "bench-browser-"));
  const child = spawn(process.execPath, [...API_NODE_FLAGS, path.join(ROOT, "scripts/api.mjs")], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      STATIC_DIR: staticDir,
      FIREBASE_PROJECT_ID: process.env.FIREBASE_PROJECT_ID || "demo-plaza",
      FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST || "127.0.0.1:9099",
      LOG_LEVEL: "warn",
      SEED_DEMO: String(seed),
      DATABASE_URL: "",
      GEOCODER_URL: "off",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = () =>
    new Promise((resolve) => {
      const done = () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once("exit", done);
      child.kill("SIGINT");
    });
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`El servidor terminó antes de estar listo:\n${output}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`El servidor no arrancó a tiempo:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base: `http://127.0.0.1:${port}`, dataDir, stop };
}
