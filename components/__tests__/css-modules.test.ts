/** @jest-environment node */
import { describe, expect, it } from "@jest/globals";
import fs from "node:fs";
import path from "node:path";

// A class missing from a CSS module is silently `undefined` at run time (and typed as a string),
// so this checks every `x.name` / `x["name"]` read of an imported module against its file, and
// that components import no global (non-module) stylesheet: those belong to app/layout.tsx.

const ROOT = path.resolve(__dirname, "../..");
const SOURCE_DIRS = ["app", "components"];
// Third-party stylesheets a component loads with its lazily imported library.
const ALLOWED_GLOBAL_IMPORTS = new Set(["leaflet/dist/leaflet.css"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "__tests__" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The local class names a module defines: every `.name` in its selectors, outside `:global(...)`. */
function moduleClasses(css: string): Set<string> {
  const names = new Set<string>();
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, "");
  // Selectors are what comes before each `{`, after the previous `;`, `{` or `}`.
  for (const chunk of withoutComments.split("{")) {
    const selector = chunk.slice(Math.max(chunk.lastIndexOf(";"), chunk.lastIndexOf("}")) + 1);
    if (selector.trim().startsWith("@")) continue;
    const local = selector.replace(/:global\([^)]*\)/g, "");
    for (const [, name] of local.matchAll(/\.(-?[A-Za-z_][\w-]*)/g)) if (name) names.add(name);
  }
  return names;
}

function resolveImport(from: string, specifier: string): string {
  if (specifier.startsWith("@/")) return path.join(ROOT, specifier.slice(2));
  return path.resolve(path.dirname(from), specifier);
}

const files = SOURCE_DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir)));

describe("CSS modules", () => {
  it("parses a module's local class names", () => {
    const classes = moduleClasses(".a { color: red; }\n@media (min-width: 1px) { .b:hover .c { margin: 0.5rem; } }\n.d :global(.e) {}");
    expect([...classes].sort()).toEqual(["a", "b", "c", "d"]);
  });

  it.each(files.map((file) => ({ name: path.relative(ROOT, file), file })))("$name reads only classes its modules define", ({ file }) => {
    const source = fs.readFileSync(file, "utf8");
    const missing: string[] = [];
    for (const [, binding = "", specifier = ""] of source.matchAll(/^import (\w+) from "([^"]+\.module\.css)";$/gm)) {
      const cssFile = resolveImport(file, specifier);
      expect(fs.existsSync(cssFile)).toBe(true);
      const classes = moduleClasses(fs.readFileSync(cssFile, "utf8"));
      const reads = source.matchAll(new RegExp(`\\b${binding}(?:\\.(\\w+)|\\[\\s*"([^"]+)"\\s*\\])`, "g"));
      for (const [, dotted, bracketed] of reads) {
        const name = dotted ?? bracketed ?? "";
        if (!classes.has(name)) missing.push(`${binding}.${name} (${specifier})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("leaves global stylesheets to app/layout.tsx", () => {
    const offenders = files
      .filter((file) => path.relative(ROOT, file) !== path.join("app", "layout.tsx"))
      .flatMap((file) =>
        [...fs.readFileSync(file, "utf8").matchAll(/^import "([^"]+\.css)";$/gm)]
          .map(([, specifier = ""]) => specifier)
          .filter((specifier) => !ALLOWED_GLOBAL_IMPORTS.has(specifier))
          .map((specifier) => `${path.relative(ROOT, file)} imports ${specifier}`),
      );
    expect(offenders).toEqual([]);
  });

  it("keeps every stylesheet at 300 lines or fewer", () => {
    const sheets = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) return sheets(full);
        return entry.name.endsWith(".css") ? [full] : [];
      });
    const long = SOURCE_DIRS.flatMap((dir) => sheets(path.join(ROOT, dir)))
      .map((file) => ({ file: path.relative(ROOT, file), lines: fs.readFileSync(file, "utf8").split("\n").length }))
      .filter(({ lines }) => lines > 300);
    expect(long).toEqual([]);
  });
});
