// The export's inline scripts (Next bootstraps every page with a few) as CSP sha256 sources, per
// HTML file, so the server can send each page a script-src that allows exactly its own inline
// scripts and nothing else ('unsafe-inline' would allow any injected one).
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parse } from "parse5";
import { isMainModule } from "./processes.mjs";

/** Written next to the export; read by server/plugins/static.ts. */
export const CSP_MANIFEST = "csp-manifest.json";

/** `'sha256-…'` of each distinct inline script, in document order. */
export function inlineScriptHashes(html) {
  const hashes = [];
  const visit = (node) => {
    if (node.nodeName === "script" && !node.attrs.some((a) => a.name === "src")) {
      // The browser hashes the element's text exactly as parsed (newlines normalised), which is
      // what parse5 gives, not the raw bytes of the file.
      const text = (node.childNodes ?? []).map((child) => child.value ?? "").join("");
      const source = `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
      if (!hashes.includes(source)) hashes.push(source);
    }
    for (const child of node.childNodes ?? []) visit(child);
    // <template> keeps its children in a separate fragment.
    if (node.content) visit(node.content);
  };
  visit(parse(html));
  return hashes;
}

function* htmlFiles(dir, prefix = "") {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) yield* htmlFiles(path.join(dir, entry.name), relative);
    else if (entry.name.endsWith(".html")) yield relative;
  }
}

/** Hashes every HTML file of `outDir` into `outDir/csp-manifest.json`; returns the page count. */
export function writeCspManifest(outDir) {
  const pages = {};
  for (const file of htmlFiles(outDir)) pages[file] = inlineScriptHashes(fs.readFileSync(path.join(outDir, file), "utf8"));
  fs.writeFileSync(path.join(outDir, CSP_MANIFEST), `${JSON.stringify({ version: 1, pages }, null, 2)}\n`);
  return Object.keys(pages).length;
}

if (isMainModule(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? "out");
  console.log(`[csp] ${writeCspManifest(outDir)} páginas en ${path.join(outDir, CSP_MANIFEST)}`);
}
