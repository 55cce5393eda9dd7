// Measures the home route's first-load JS (gzip) of Plaza's export next to a bare Next 16
// export built the same way (`next build`, output: 'export'). Run after `npm run build`.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { firstLoadJs } from "./lib/first-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
fs.mkdirSync(path.join(root, ".bench"), { recursive: true });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!fs.existsSync(path.join(root, "out", "index.html"))) {
  console.error("Falta out/: ejecuta `npm run build` primero.");
  process.exit(1);
}

// Inside the project: Turbopack does not follow a node_modules symlink out of a tmp folder.
const bareDir = fs.mkdtempSync(path.join(root, ".bench", "bare-next-"));
fs.cpSync(path.join(root, "bench", "bare-next"), bareDir, { recursive: true });
fs.symlinkSync(path.join(root, "node_modules"), path.join(bareDir, "node_modules"));
console.log("Construyendo un export mínimo de Next para comparar…");
execFileSync(path.join(root, "node_modules", ".bin", "next"), ["build"], {
  cwd: bareDir,
  stdio: "ignore",
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
});

const plaza = firstLoadJs(path.join(root, "out"));
const bare = firstLoadJs(path.join(bareDir, "out"));
fs.rmSync(bareDir, { recursive: true, force: true });

console.log("\nJS de primera carga de la ruta / (gzip -9):");
console.log(`  Plaza:            ${kb(plaza.gzip)} (${plaza.files.length} archivos, ${kb(plaza.raw)} sin comprimir)`);
console.log(`  Next 16 mínimo:   ${kb(bare.gzip)} (${bare.files.length} archivos, ${kb(bare.raw)} sin comprimir)`);
console.log(`  Diferencia:       ${kb(plaza.gzip - bare.gzip)} (meta: ≤ 60 KB)`);
const biggest = plaza.files.sort((a, b) => b.gzip - a.gzip).slice(0, 6);
console.log("\n  Archivos más grandes de Plaza:");
for (const f of biggest) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.src}`);
