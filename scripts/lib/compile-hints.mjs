// Marks the scripts a page runs as it loads with V8's explicit compile hint, so Chrome compiles
// their functions while it streams them in, off the main thread. Without it V8 compiles each
// function the first time it runs: Turbopack wraps every module in a function, so that
// compilation landed in the one long task that instantiates the modules before hydration
// (profiled on the home at 4× CPU: 253 of that task's 381 ms). Lighthouse A/B on the home,
// 8 alternating runs: TBT 663 → 466 ms (docs/operations/rendimiento-bitacora.md). Only the scripts the
// exported pages name in their HTML: chunks loaded later (the map, forms, sign-in) stay lazy,
// since most of their functions never run on a given visit. Browsers without compile hints read
// a comment.
import fs from "node:fs";
import path from "node:path";

export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const PAGE_SCRIPT = /<script\b[^>]*\bsrc="(\/_next\/static\/[^"?#]+\.js)"/g;

function* htmlFiles(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* htmlFiles(full);
    else if (entry.isFile() && entry.name.endsWith(".html")) yield full;
  }
}

/** The export's scripts named by a page's HTML (its first load), as paths inside `outDir`. */
export function firstLoadScripts(outDir) {
  const scripts = new Set();
  for (const file of htmlFiles(outDir)) {
    for (const [, src] of fs.readFileSync(file, "utf8").matchAll(PAGE_SCRIPT)) scripts.add(src.slice(1));
  }
  return [...scripts].sort();
}

/**
 * Adds the hint to the top of every first-load script, once (a rebuild over the same files adds
 * nothing). Before precompression and the service worker's manifest, which must see the final
 * bytes. Resolves with how many scripts carry it.
 */
export function addCompileHints(outDir) {
  let marked = 0;
  for (const script of firstLoadScripts(outDir)) {
    const file = path.join(outDir, script);
    if (!fs.existsSync(file)) continue;
    const code = fs.readFileSync(file, "utf8");
    if (!code.startsWith(COMPILE_HINT)) {
      fs.writeFileSync(file, COMPILE_HINT + code);
      // With productionBrowserSourceMaps on, the map must skip the new first line too.
      const map = `${file}.map`;
      if (fs.existsSync(map)) {
        const parsed = JSON.parse(fs.readFileSync(map, "utf8"));
        if (typeof parsed.mappings === "string") fs.writeFileSync(map, JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` }));
      }
    }
    marked += 1;
  }
  return marked;
}
