// First-load JS of an exported page: every script the HTML loads (src and modulepreload),
// gzip-compressed at level 9 as a CDN would serve it. `noModule` scripts (Next's legacy
// polyfills, ~39 KB gzip) are left out: every browser Plaza targets runs modules, and those
// neither download nor run them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export function firstLoadJs(outDir, page = "index.html") {
  const html = fs.readFileSync(path.join(outDir, page), "utf8");
  const srcs = new Set();
  for (const m of html.matchAll(/<script([^>]*)\ssrc="([^"]+\.js)"([^>]*)>/g)) {
    if (!/\bnomodule\b/i.test(m[1] + m[3])) srcs.add(m[2]);
  }
  for (const m of html.matchAll(/<link[^>]+rel="(?:modulepreload|preload)"[^>]+href="([^"]+\.js)"/g)) srcs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="(?:modulepreload|preload)"/g)) srcs.add(m[1]);
  let raw = 0;
  let gzip = 0;
  const files = [];
  for (const src of srcs) {
    const file = path.join(outDir, src.replace(/^\//, "").split("?")[0]);
    const buf = fs.readFileSync(file);
    const gz = zlib.gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    files.push({ src, raw: buf.length, gzip: gz });
  }
  return { raw, gzip, files };
}
