// Seconds from the start command (`node scripts/start.mjs`) to "ready", on first start with an
// empty data folder and on a warm restart that keeps the data. The PWA build is excluded (run
// `npm run build` first; the start script skips an up-to-date build).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const runs = Number(process.env.RUNS ?? 3);

function startOnce(dataDir) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: root,
      env: { ...process.env, PORT: "3210", DATA_DIR: dataDir },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    const timer = setTimeout(() => {
      process.kill(-child.pid, "SIGKILL");
      reject(new Error(`Sin "lista" en 180 s:\n${out}`));
    }, 180_000);
    child.stdout.on("data", (d) => {
      out += d;
      if (out.includes("Plaza está lista")) {
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        clearTimeout(timer);
        child.once("exit", () => resolve(seconds));
        process.kill(-child.pid, "SIGINT");
      }
    });
    child.stderr.on("data", (d) => (out += d));
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const first = [];
const warm = [];
for (let i = 0; i < runs; i++) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-start-"));
  first.push(await startOnce(dataDir));
  warm.push(await startOnce(dataDir));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Arranque hasta "lista" (${runs} corridas, mediana):`);
console.log(`  primer arranque, datos vacíos: ${median(first).toFixed(2)} s  [${first.map((s) => s.toFixed(2)).join(", ")}]`);
console.log(`  arranque en caliente:          ${median(warm).toFixed(2)} s  [${warm.map((s) => s.toFixed(2)).join(", ")}]`);
