// Helpers shared by the accounts benchmarks: the bench server process, emulator accounts and
// percentiles. Nothing here asserts timings; the scripts print figures.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";
import { API_NODE_FLAGS } from "../../scripts/lib/processes.mjs";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
export const EMULATOR = process.env.FIREBASE_AUTH_EMULATOR_HOST || "127.0.0.1:9099";
export const PROJECT = process.env.FIREBASE_PROJECT_ID || "demo-plaza";

/** Starts bench/lib/accounts-server.ts and resolves with its ports once it is ready. */
export function startBenchServer(env = {}) {
  const child = spawn(TSX, [...API_NODE_FLAGS, path.join(ROOT, "bench/lib/accounts-server.ts")], {
    cwd: ROOT,
    env: { ...process.env, FIREBASE_AUTH_EMULATOR_HOST: EMULATOR, FIREBASE_PROJECT_ID: PROJECT, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout });
    lines.on("line", (line) => {
      try {
        const message = JSON.parse(line);
        if (message.ready) resolve({ ...message, pid: child.pid, stop: () => stopChild(child) });
      } catch {
        process.stdout.write(`[servidor] ${line}\n`);
      }
    });
    child.once("exit", (code) => reject(new Error(`El servidor del benchmark terminó (código ${code})`)));
  });
}

function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}

async function identityToolkit(method, body) {
  const response = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`Emulador de Auth (${method}): ${json.error?.message ?? response.status}`);
  return json;
}

/**
 * A new emulator account with its email verified (publishing needs it, docs/authorization.md),
 * registered in Plaza through POST /users/sign-up; the token is one issued after the verification.
 */
export async function registeredAccount(apiBase, name) {
  const email = `bench-${Math.random().toString(36).slice(2, 10)}@plaza.test`;
  const password = "Bench-2026!";
  const { localId } = await identityToolkit("signUp", { email, password, returnSecureToken: true });
  const verified = await fetch(`http://${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId, emailVerified: true }),
  });
  if (!verified.ok) throw new Error(`Emulador de Auth (accounts:update): ${verified.status}`);
  const { idToken } = await signIn(email, password);
  const response = await fetch(`${apiBase}/api/users/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${idToken}` },
    body: JSON.stringify({ name, uid: localId, email }),
  });
  if (response.status !== 201) throw new Error(`sign-up: HTTP ${response.status} ${await response.text()}`);
  return { uid: localId, email, password, idToken };
}

export async function signIn(email, password) {
  const { localId, idToken } = await identityToolkit("signInWithPassword", { email, password, returnSecureToken: true });
  return { uid: localId, idToken };
}

/** Runs `fn` over `items` with at most `limit` at a time. */
export async function inBatches(items, limit, fn) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await fn(items[index], index);
      }
    }),
  );
  return results;
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

export function describeEngine() {
  return process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
}
