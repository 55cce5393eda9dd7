// Seconds from the start command (`node scripts/start.mjs`) to "ready", on first start with an
// empty data folder and on a warm restart that keeps the data. The PWA build is excluded (run
// `npm run build` first; the start script skips an up-to-date build). Beside them, the floor: a
// bare Node process that starts an http server.
//
// `node bench/startup.mjs --clone` measures a fresh clone instead (README's two commands): `git
// clone` of this checkout's HEAD into a temp folder, `npm install` (with whatever npm cache this
// machine has: say so when reporting), then one first start (PWA build included) and one warm
// start. An Auth emulator already listening on 9099 is reused, so its start is then not counted
// (the output says which: stop it to measure what a new machine does).
//
// `--cold-build` makes each first start build the PWA from nothing (out/ and .next/, with
// Turbopack's cache, removed first), as a clone's does, without the clone and `npm install`:
// for comparing two checkouts' first start in alternating runs.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AUTH_EMULATOR_PORT } from "../scripts/lib/emulator.mjs";
import { isPortOpen } from "../scripts/lib/processes.mjs";

const checkout = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const cloning = process.argv.includes("--clone");
const root = cloning ? fs.mkdtempSync(path.join(os.tmpdir(), "plaza-clone-")) : checkout;
const coldBuild = cloning || process.argv.includes("--cold-build");
const runs = cloning ? 1 : Number(process.env.RUNS ?? 3);

function timed(label, cmd, args, options) {
  const started = process.hrtime.bigint();
  execFileSync(cmd, args, { stdio: "ignore", ...options });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(`  ${label}: ${seconds.toFixed(1)} s`);
  return seconds;
}

if (cloning) {
  console.log(`Clon nuevo en ${root}:`);
  timed("git clone", "git", ["clone", "--quiet", checkout, root]);
  timed("npm install", "npm", ["install", "--no-audit", "--no-fund"], { cwd: root });
}

// A fresh clone's first start builds the PWA too.
const limitSeconds = coldBuild ? 1800 : 180;

function startOnce(dataDir) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      env: { ...process.env, PORT: process.env.BENCH_PORT ?? "3210", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    const timer = setTimeout(() => {
      process.kill(-child.pid, "SIGKILL");
      reject(new Error(`Sin "lista" en ${limitSeconds} s:\n${out}`));
    }, limitSeconds * 1000);
    let stopped = false;
    child.stdout.on("data", (d) => {
      out += d;
      // Once: what it prints while stopping (the emulator's export) arrives after "lista".
      if (!stopped && out.includes("Plaza está lista")) {
        stopped = true;
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        clearTimeout(timer);
        child.once("exit", () => resolve(seconds));
        process.kill(-child.pid, "SIGINT");
      }
    });
    child.stderr.on("data", (d) => (out += d));
    child.once("exit", (code) => {
      if (stopped) return;
      clearTimeout(timer);
      reject(new Error(`El arranque terminó (código ${code}) sin "lista":\n${out}`));
    });
  });
}

function floorOnce() {
  const started = process.hrtime.bigint();
  execFileSync(process.execPath, ["-e", 'require("node:http").createServer().listen(0, function () { this.close(); })']);
  return Number(process.hrtime.bigint() - started) / 1e9;
}

// Whether these starts include the emulator's: a new machine has none running.
const emulatorAlreadyUp = await isPortOpen(AUTH_EMULATOR_PORT);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-start-"));
  if (coldBuild) for (const dir of ["out", ".next"]) fs.rmSync(path.join(root, dir), { recursive: true, force: true });
  first.push(await startOnce(dataDir));
  warm.push(await startOnce(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const floor = Array.from({ length: 3 }, floorOnce);
console.log(`Arranque hasta "lista" (${runs} corridas, mediana${coldBuild ? "; el primero incluye construir la PWA desde cero" : ""}):`);
console.log(
  emulatorAlreadyUp
    ? `  (el emulador de Auth ya estaba activo en el puerto ${AUTH_EMULATOR_PORT}: su arranque no se cuenta)`
    : "  (cada arranque incluye el del emulador de Auth, como en una máquina nueva)",
);
console.log(`  piso (Node + http, listo):     ${median(floor).toFixed(2)} s`);
console.log(`  primer arranque, datos vacíos: ${median(first).toFixed(2)} s  [${first.map((s) => s.toFixed(2)).join(", ")}]`);
console.log(`  arranque en caliente:          ${median(warm).toFixed(2)} s  [${warm.map((s) => s.toFixed(2)).join(", ")}]`);
if (cloning) fs.rmSync(root, { recursive: true, force: true });
