import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { isProcessAlive } from "../../server/db/lock";
import { ROOT } from "./server";

/** The folder of a run's second deployment starts so; its build's folder starts "build-". */
const SECOND_DEPLOYMENT = "second-deployment-";

const SOURCES = ["app", "components", "lib", "public", "sw", "scripts", "next.config.ts", "serwist.config.mjs", "tsconfig.json", "package.json"];

/**
 * Builds the PWA again, as a new deployment would (`scripts/build.mjs`: export, brand assets,
 * service worker, CSP hashes), with another build id and optionally other public build variables
 * (e.g. `{ NEXT_PUBLIC_SALTILLO_VIVO: "true" }`), in a copy of the sources so the main export in
 * out/ stays untouched. Returns the new export's folder. Only through secondDeployment: each call
 * is a whole build of one to three minutes.
 */
function buildNewDeployment(buildId: string, publicEnv: Record<`NEXT_PUBLIC_${string}`, string> = {}): string {
  const dir = path.join(ROOT, ".data", "e2e", `build-${buildId}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  for (const entry of SOURCES) {
    const from = path.join(ROOT, entry);
    if (fs.existsSync(from)) fs.cpSync(from, path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  const env = { ...process.env, ...publicEnv, NEXT_TELEMETRY_DISABLED: "1", NEXT_PUBLIC_BUILD_ID: buildId };
  execFileSync(process.execPath, ["scripts/build.mjs"], { cwd: dir, env, stdio: "pipe" });
  return path.join(dir, "out");
}

export interface Deployment {
  buildId: string;
  exportDir: string;
}

/**
 * The second deployment of this test run: the Saltillo Vivo variant under a build id of its own.
 * A whole build takes one to three minutes, so the journeys that need another deployment (the
 * variant's identity, an update reaching an open app) share one: the first worker to ask builds
 * it, another that asks meanwhile waits for it. The run is told apart by E2E_RUN_ID, which the
 * global setup sets for every worker.
 */
export async function secondDeployment(): Promise<Deployment> {
  const run = process.env.E2E_RUN_ID;
  if (!run) throw new Error("Falta E2E_RUN_ID: la configuración global de Playwright lo define para cada corrida.");
  const dir = path.join(ROOT, ".data", "e2e", `${SECOND_DEPLOYMENT}${run}`);
  const ready = path.join(dir, "ready.json");
  const failed = path.join(dir, "failed.txt");
  const builderPid = path.join(dir, "builder.pid");
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  let builder = true;
  try {
    // Atomic: exactly one worker makes the folder, and so builds.
    fs.mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    builder = false;
  }
  if (builder) {
    writeWhole(builderPid, String(process.pid));
    const buildId = `saltillo-${run}`;
    try {
      const exportDir = buildNewDeployment(buildId, { NEXT_PUBLIC_SALTILLO_VIVO: "true" });
      writeWhole(ready, JSON.stringify({ buildId, exportDir } satisfies Deployment));
    } catch (error) {
      const { stderr, message } = error as { stderr?: Buffer; message?: string };
      writeWhole(failed, stderr?.length ? stderr.toString() : String(message ?? error));
      throw error;
    }
  }
  for (;;) {
    if (fs.existsSync(ready)) return JSON.parse(fs.readFileSync(ready, "utf8")) as Deployment;
    if (fs.existsSync(failed)) throw new Error(`La segunda construcción falló en otro proceso:\n${fs.readFileSync(failed, "utf8")}`);
    // A builder that died mid-build (a crash, a timeout) never writes either file.
    if (fs.existsSync(builderPid) && !isProcessAlive(Number(fs.readFileSync(builderPid, "utf8")))) {
      throw new Error("El proceso que hacía la segunda construcción terminó sin acabarla.");
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The folders of second deployments (and their builds) that earlier runs left; the global setup removes them. */
export function removeEarlierDeployments(): void {
  const folder = path.join(ROOT, ".data", "e2e");
  if (!fs.existsSync(folder)) return;
  for (const entry of fs.readdirSync(folder)) {
    if (entry.startsWith(SECOND_DEPLOYMENT) || entry.startsWith("build-")) fs.rmSync(path.join(folder, entry), { recursive: true, force: true });
  }
}

/** Written aside and renamed: a reader never sees half a file. */
function writeWhole(file: string, text: string) {
  fs.writeFileSync(`${file}.partial`, text);
  fs.renameSync(`${file}.partial`, file);
}
