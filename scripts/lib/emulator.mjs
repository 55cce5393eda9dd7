// The Firebase Auth emulator (firebase-tools, pure Node): started for `npm start` and around
// the API and end-to-end tests. An emulator already listening on the port is reused.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { BIN, ROOT, isPortOpen, startProcess, waitFor } from "./processes.mjs";

export const AUTH_EMULATOR_PORT = 9099;
export const AUTH_EMULATOR_HOST = `127.0.0.1:${AUTH_EMULATOR_PORT}`;
export const DEMO_PROJECT_ID = "demo-plaza";

/**
 * @param {{ persistDir?: string, quiet?: boolean }} options persistDir keeps the emulator's
 *   accounts across restarts (imported at start, exported on exit).
 */
export async function startAuthEmulator({ persistDir, quiet = false } = {}) {
  if (await isPortOpen(AUTH_EMULATOR_PORT)) {
    if (!quiet) console.log(`[auth] Reutilizando el emulador de Auth ya activo en ${AUTH_EMULATOR_HOST}`);
    return { reused: true, stop: async () => {} };
  }
  const args = ["emulators:start", "--only", "auth", "--project", DEMO_PROJECT_ID];
  if (persistDir) {
    fs.mkdirSync(persistDir, { recursive: true });
    if (fs.existsSync(path.join(persistDir, "firebase-export-metadata.json"))) args.push("--import", persistDir);
    args.push("--export-on-exit", persistDir);
  }
  // Seconds less to start (auth-emulator-preload.mjs says why).
  const preload = `--import ${JSON.stringify(pathToFileURL(path.join(ROOT, "scripts", "lib", "auth-emulator-preload.mjs")).href)}`;
  const proc = startProcess("auth", path.join(BIN, "firebase"), args, {
    quiet,
    env: { CI: "1", NO_UPDATE_NOTIFIER: "1", FIREBASE_CLI_EXPERIMENTS: "", NODE_OPTIONS: [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" ") },
  });
  const failed = proc.exited.then(({ code }) => {
    throw new Error(`El emulador de Auth terminó (código ${code}):\n${proc.recentOutput()}`);
  });
  await Promise.race([waitFor(() => isPortOpen(AUTH_EMULATOR_PORT), { timeoutMs: 90000, what: "el emulador de Auth" }), failed]);
  failed.catch(() => {});
  return { reused: false, stop: () => proc.stop("SIGINT", 15000), process: proc };
}

export { ROOT };
