// Measures the home route's first-load JS (gzip) of Plaza's export next to a bare Next 16
// export built the same way (`next build`, output: 'export'). Run after `npm run build`.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildBareNext } from "./lib/bare-next.mjs";
import { firstLoadJs } from "./lib/first-load.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (!fs.existsSync(path.join(root, "out", "index.html"))) {
  console.error("Falta out/: ejecuta `npm run build` primero.");
  process.exit(1);
}

console.log("Construyendo un export mínimo de Next para comparar…");
const bareNext = await buildBareNext(root);
const plaza = firstLoadJs(path.join(root, "out"));
const bare = firstLoadJs(bareNext.out);
bareNext.remove();

console.log("\nJS de primera carga de la ruta / (gzip -9):");
console.log(`  Plaza:            ${kb(plaza.gzip)} (${plaza.files.length} archivos, ${kb(plaza.raw)} sin comprimir)`);
console.log(`  Next 16 mínimo:   ${kb(bare.gzip)} (${bare.files.length} archivos, ${kb(bare.raw)} sin comprimir)`);
console.log(`  Diferencia:       ${kb(plaza.gzip - bare.gzip)} (meta: ≤ 40 KB)`);
const biggest = plaza.files.sort((a, b) => b.gzip - a.gzip).slice(0, 6);
console.log("\n  Archivos más grandes de Plaza:");
for (const f of biggest) console.log(`    ${kb(f.gzip).padStart(9)}  ${f.src}`);
