import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server";

const SOURCES = ["app", "components", "lib", "public", "sw", "scripts", "next.config.ts", "serwist.config.mjs", "tsconfig.json", "package.json"];

/**
 * Builds the PWA again, as a new deployment would (`scripts/build.mjs`: export, brand assets,
 * service worker, CSP hashes), with another build id and optionally other public build variables
 * (e.g. `{ NEXT_PUBLIC_SALTILLO_VIVO: "true" }`), in a copy of the sources so the main export in
 * out/ stays untouched. Returns the new export's folder.
 */
export function buildNewDeployment(buildId: string, publicEnv: Record<`NEXT_PUBLIC_${string}`, string> = {}): string {
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
