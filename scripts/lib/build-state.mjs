// Knows whether the exported PWA in `out/` matches the current client sources, so `npm start`
// and `npm test` rebuild only when something that ends up in the export changed.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CSP_MANIFEST } from "./csp-manifest.mjs";
import { ROOT } from "./processes.mjs";

const SOURCES = ["app", "components", "lib", "public", "sw", "next.config.ts", "serwist.config.mjs", "tsconfig.json", "package-lock.json", "scripts/lib/csp-manifest.mjs", "scripts/lib/compile-hints.mjs"];
const STAMP = ".plaza-build.json";

function* walk(entry) {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return;
  const stat = fs.statSync(full);
  if (stat.isFile()) {
    yield entry;
    return;
  }
  for (const name of fs.readdirSync(full).sort()) {
    if (name === "__tests__" || name === "node_modules") continue;
    yield* walk(path.join(entry, name));
  }
}

/** Hash of the client sources and of the build-time public env. */
export function clientSourcesHash(env = process.env) {
  const hash = crypto.createHash("sha256");
  for (const entry of SOURCES) {
    for (const file of walk(entry)) {
      hash.update(file);
      hash.update(fs.readFileSync(path.join(ROOT, file)));
    }
  }
  const publicEnv = Object.keys(env)
    .filter((k) => k.startsWith("NEXT_PUBLIC_") && k !== "NEXT_PUBLIC_BUILD_ID")
    .sort()
    .map((k) => `${k}=${env[k]}`);
  hash.update(publicEnv.join("\n"));
  return hash.digest("hex");
}

export function readBuildStamp(outDir = path.join(ROOT, "out")) {
  try {
    return JSON.parse(fs.readFileSync(path.join(outDir, STAMP), "utf8"));
  } catch {
    return null;
  }
}

export function writeBuildStamp(stamp, outDir = path.join(ROOT, "out")) {
  fs.writeFileSync(path.join(outDir, STAMP), JSON.stringify(stamp, null, 2));
}

export function isBuildFresh(outDir = path.join(ROOT, "out")) {
  const stamp = readBuildStamp(outDir);
  return Boolean(stamp && stamp.sourcesHash === clientSourcesHash() && fs.existsSync(path.join(outDir, "sw.js")) && fs.existsSync(path.join(outDir, CSP_MANIFEST)));
}
