// The Firebase Auth emulator (firebase-tools, pure Node): started for `npm start` and around
// the API and end-to-end tests. An emulator already listening on the port is reused.
import path from "node:path";
import { ROOT, answerChild, isPortOpen, startProcess, waitFor } from "./processes.mjs";

// firebase.json says the same for whoever runs `npx firebase emulators:start --only auth` by hand;
// the emulator started here does not read it.
const AUTH_EMULATOR_HOSTNAME = "127.0.0.1";
export const AUTH_EMULATOR_PORT = 9099;
export const AUTH_EMULATOR_HOST = `${AUTH_EMULATOR_HOSTNAME}:${AUTH_EMULATOR_PORT}`;
export const DEMO_PROJECT_ID = "demo-plaza";
/** What auth-emulator-main.mjs prints once it listens and has imported the saved accounts. */
export const AUTH_EMULATOR_READY = "Emulador de Auth listo";

/**
 * The API started with AUTH_EMULATOR_READY=message (server/main.ts) asks its parent over the IPC
 * channel before its demo seed; the parent answers once `emulatorReady` resolves, that is once
 * the emulator has imported its saved accounts. If it fails, no answer: the API's wait runs out
 * (AUTH_EMULATOR_WAIT_MS) and its seed says the emulator is not there.
 */
export function answerAuthEmulatorWait(child, emulatorReady) {
  answerChild(child, "plaza:auth-emulator-wait", "plaza:auth-emulator-ready", emulatorReady);
}

/**
 * @param {{ persistDir?: string, quiet?: boolean, holdOutputUntil?: Promise<unknown> }} options
 *   persistDir keeps the emulator's accounts across restarts (imported at start, exported on
 *   exit); holdOutputUntil as in startProcess.
 */
export async function startAuthEmulator({ persistDir, quiet = false, holdOutputUntil } = {}) {
  if (await isPortOpen(AUTH_EMULATOR_PORT)) {
    const say = () => console.log(`[auth] Reutilizando el emulador de Auth ya activo en ${AUTH_EMULATOR_HOST}`);
    if (!quiet) (holdOutputUntil ?? Promise.resolve()).then(say, say);
    return { reused: true, stop: async () => {} };
  }
  // firebase-tools' Auth emulator without its command-line tool (auth-emulator-main.mjs says why).
  const main = path.join(ROOT, "scripts", "lib", "auth-emulator-main.mjs");
  const args = [main, AUTH_EMULATOR_HOSTNAME, String(AUTH_EMULATOR_PORT), DEMO_PROJECT_ID, ...(persistDir ? [persistDir] : [])];
  let ready = false;
  const proc = startProcess("auth", process.execPath, args, {
    quiet,
    holdOutputUntil,
    env: { CI: "1" },
    // Not just an open port: the saved accounts are imported after it opens, and the API's demo
    // seed must find them.
    onLine: (line) => (ready ||= line.startsWith(AUTH_EMULATOR_READY)),
  });
  const failed = proc.exited.then(({ code }) => {
    throw new Error(`El emulador de Auth terminó (código ${code}):\n${proc.recentOutput()}`);
  });
  await Promise.race([waitFor(() => ready, { timeoutMs: 90000, intervalMs: 50, what: "el emulador de Auth" }), failed]);
  failed.catch(() => {});
  return { reused: false, stop: () => proc.stop("SIGINT", 15000), process: proc };
}

export { ROOT };
