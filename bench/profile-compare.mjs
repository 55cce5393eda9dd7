// Where the API spends what its floor does not: reads the per-turn CPU profiles that
// `bench/content-load.mjs --profile <dir>` writes and, for each row, puts the API's turns beside
// its floor's in microseconds of samples per request, by owner (the first package or file of
// this project up the stack from where the sample fell) and by function (where it fell). With
// --against <other dir>, each row's API turns beside the same row's API turns there instead (two
// versions of the code, or two settings of the bench).
//
//   node bench/profile-compare.mjs <dir> [--against <other dir>] [--top 25] [--only <text>]
//
// The samples are wall time on the server's one JavaScript thread, idle excluded: a system call
// that blocks while another process takes the core (`writev` to PostgreSQL, on two cores) counts
// as time. Asserts nothing.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: "string", default: "25" }, only: { type: "string" }, against: { type: "string" } } });
const dir = positionals[0];
if (!dir) throw new Error("Uso: node bench/profile-compare.mjs <carpeta de --profile> [--against <otra carpeta>] [--top 25] [--only <texto>]");
const indexOf = (folder) => JSON.parse(fs.readFileSync(path.join(folder, "profiles.json"), "utf8")).map((entry) => ({ ...entry, file: path.join(folder, entry.file) }));
const index = indexOf(dir);
const TOP = Number(values.top);
const NOT_WORK = new Set(["(idle)"]);

// Two versions are two checkouts, and a change moves lines: across runs a function is its file
// from its checkout's root and its name, without the line.
const withLines = !values.against;

/** Microseconds of samples per owner and per function in one profile (`root`: its checkout). */
function tally({ file, root = process.cwd() }) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const place = (url) => {
    const nodeModules = url.lastIndexOf("node_modules/");
    if (nodeModules >= 0) return url.slice(nodeModules + 13).match(/^(@[^/]+\/)?[^/]+/)[0];
    return url.startsWith("file://") ? path.relative(root, fileURLToPath(url)) : null;
  };
  const ownerCache = new Map();
  const ownerOf = (id) => {
    if (!ownerCache.has(id)) {
      let owner = "node";
      for (let node = nodes.get(id); node; node = nodes.get(parents.get(node.id))) {
        const found = place(node.callFrame.url);
        if (found) {
          owner = found;
          break;
        }
      }
      const name = nodes.get(id).callFrame.functionName;
      ownerCache.set(id, name.startsWith("(") ? name : owner);
    }
    return ownerCache.get(id);
  };
  const owners = new Map();
  const functions = new Map();
  const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
  profile.samples.forEach((id, k) => {
    const frame = nodes.get(id).callFrame;
    if (NOT_WORK.has(frame.functionName)) return;
    // A sample stands for the time until the next one.
    const us = profile.timeDeltas[k + 1] ?? 0;
    add(owners, ownerOf(id), us);
    add(functions, `${frame.functionName || "(anónima)"} ${place(frame.url) ?? (frame.url || "")}${frame.url && withLines ? `:${frame.lineNumber + 1}` : ""}`, us);
  });
  return { owners, functions };
}

function combine(entries) {
  const owners = new Map();
  const functions = new Map();
  let requests = 0;
  for (const entry of entries) {
    const counted = tally(entry);
    requests += entry.requests;
    for (const [key, us] of counted.owners) owners.set(key, (owners.get(key) ?? 0) + us);
    for (const [key, us] of counted.functions) functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const perRequest = (map) => new Map([...map].map(([key, us]) => [key, requests > 0 ? us / requests : 0]));
  return { owners: perRequest(owners), functions: perRequest(functions), requests };
}

function table(heading, api, floor, [apiName, floorName]) {
  const keys = new Set([...api.keys(), ...floor.keys()]);
  // By the size of the difference, either way: what the floor spends more on also explains a row.
  const rows = [...keys].map((key) => [key, api.get(key) ?? 0, floor.get(key) ?? 0]).sort((a, b) => Math.abs(b[1] - b[2]) - Math.abs(a[1] - a[2]));
  const total = (map) => [...map.values()].reduce((sum, us) => sum + us, 0);
  console.log(`\n| ${heading} | ${apiName} µs/petición | ${floorName} µs/petición | diferencia |\n| --- | ---: | ---: | ---: |`);
  console.log(`| **todo** | ${total(api).toFixed(1)} | ${total(floor).toFixed(1)} | ${(total(api) - total(floor)).toFixed(1)} |`);
  for (const [key, a, f] of rows.slice(0, TOP)) console.log(`| ${key.replaceAll("|", "\\|")} | ${a.toFixed(2)} | ${f.toFixed(2)} | ${(a - f).toFixed(2)} |`);
}

const floorSuffix = " (suelo)";
const against = values.against ? indexOf(values.against) : null;
const titles = [...new Set(index.map((entry) => entry.title).filter((title) => !title.endsWith(floorSuffix)))];
for (const title of titles.filter((title) => !values.only || title.includes(values.only))) {
  const otherEntries = against ? against.filter((entry) => entry.title === title) : index.filter((entry) => entry.title === `${title}${floorSuffix}`);
  if (otherEntries.length === 0) continue;
  const names = against ? [path.basename(dir), path.basename(values.against)] : ["API", "suelo"];
  const api = combine(index.filter((entry) => entry.title === title));
  const other = combine(otherEntries);
  console.log(`\n## ${title}: ${api.requests} peticiones en ${names[0]}, ${other.requests} en ${names[1]}`);
  table("Dueño", api.owners, other.owners, names);
  table("Función", api.functions, other.functions, names);
}
