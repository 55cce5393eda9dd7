import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(__dirname, "..", "..");
/** The first worker's server; each worker has its own server (and database) PORT_STRIDE ports further. */
export const E2E_BASE_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Journeys run side by side, one per worker; 2 keeps a 2-core machine busy without starving the browser. */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
// Room for the extra servers some journeys start beside the main one (E2E_PORT + 1…3).
const PORT_STRIDE = 10;
export const portOfWorker = (index: number) => E2E_BASE_PORT + PORT_STRIDE * index;
/**
 * This worker's server. Playwright sets TEST_PARALLEL_INDEX (0 … workers − 1) in each worker
 * process before it loads the config and the specs, so baseURL and every helper's API address
 * point at the worker's own server: journeys in two workers never see each other's data. In the
 * runner process it is unset, which is the first server.
 */
export const E2E_PORT = portOfWorker(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/** Where an import journey serves its fixtures: this many ports after its server's. */
export const IMPORT_FIXTURES_OFFSET = 5;

export function e2eServerEnv({ port, dataDir, staticDir = "out" }: { port: number; dataDir: string; staticDir?: string }) {
  return {
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.resolve(ROOT, dataDir),
    STATIC_DIR: path.resolve(ROOT, staticDir),
    FIREBASE_PROJECT_ID: "demo-plaza",
    FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099",
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    DATABASE_URL: "",
    // Every test signs up and browses from 127.0.0.1: limits stay on, raised as in the API tests.
    RATE_LIMIT_SCALE: "50",
    // Pages expected with their cover (demo-pictures.spec.ts) must not lose it to a loaded machine.
    COVER_PREVIEW_BUDGET_MS: "2000",
    // The import journeys serve their calendars and pages here (E2E_PORT + 5 of this server).
    IMPORT_ALLOW_PRIVATE_HOSTS: `127.0.0.1:${port + IMPORT_FIXTURES_OFFSET}`,
  };
}

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/**
 * Starts a separate API server (its own data folder and port) for tests that stop the server
 * or deploy a new build while the browser keeps running.
 */
export async function startServer(options: { port: number; dataDir: string; staticDir?: string }): Promise<RunningServer> {
  const env = { ...process.env, ...e2eServerEnv(options) };
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, "node_modules/.bin/tsx"), "server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d.toString()));
  child.stderr?.on("data", (d) => (output += d.toString()));
  const url = `http://localhost:${options.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`El servidor de prueba terminó antes de estar listo:\n${output}`);
    try {
      const res = await fetch(`http://127.0.0.1:${options.port}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`El servidor de prueba no arrancó a tiempo:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: async () => {
      // A child ended by a signal has signalCode set and exitCode null: both mean it is gone.
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once("exit", r));
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, name);
        } catch (error) {
          // ESRCH: the process group already ended.
          if ((error as NodeJS.ErrnoException).code !== "ESRCH") throw error;
        }
      };
      signal("SIGINT");
      const timer = setTimeout(() => signal("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

export function freshDataDir(name: string): string {
  const dir = path.join(ROOT, ".data", "e2e", `${name}-${E2E_PORT}`);
  fs.rmSync(dir, { recursive: true, force: true });
  return dir;
}
