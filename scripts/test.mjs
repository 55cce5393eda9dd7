// `npm test`: type-check, lint, unit tests, API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set) and end-to-end tests in Chromium against the real stack. Every step
// runs; the exit code is non-zero when any step failed.
import fs from "node:fs";
import path from "node:path";
import { BIN, ROOT, killAll, run } from "./lib/processes.mjs";
import { AUTH_EMULATOR_HOST, DEMO_PROJECT_ID, startAuthEmulator } from "./lib/emulator.mjs";

const resultsDir = path.join(ROOT, "test-results", "summary");
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit api`
const wants = (step) => only.length === 0 || only.includes(step);
const steps = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

/**
 * Runs one step. `fn` gets `output`: an array to collect the step's output in when it runs beside
 * others (printed whole, under its heading, when it ends), or undefined to print as it goes.
 */
async function step(name, fn, { beside = false } = {}) {
  const started = Date.now();
  const output = beside ? [] : undefined;
  if (!beside) console.log(`\n━━ ${name} ━━`);
  let code;
  try {
    code = await fn(output);
  } catch (error) {
    console.error(error);
    code = 1;
  }
  const seconds = (Date.now() - started) / 1000;
  if (beside) {
    process.stdout.write(`\n━━ ${name} (${seconds.toFixed(1)} s, junto a otros pasos) ━━\n`);
    for (const chunk of output) process.stdout.write(chunk);
  }
  steps.push({ name, ok: code === 0, seconds });
}

/**
 * Independent steps at the same time: CI has two cores, and no step keeps both busy for long
 * (type-checking waits on one tsc, the PostgreSQL tests on the database), so side by side they
 * end sooner than one after the other.
 */
const together = (...list) => Promise.all(list.filter(Boolean).map(([name, fn]) => step(name, fn, { beside: list.filter(Boolean).length > 1 })));

function jestCounts(file) {
  try {
    const r = JSON.parse(fs.readFileSync(file, "utf8"));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests + (r.numRuntimeErrorTestSuites ?? 0);
    counts.skipped += r.numPendingTests + r.numTodoTests;
  } catch {
    counts.failed += 1;
  }
}

function playwrightCounts(file) {
  try {
    const s = JSON.parse(fs.readFileSync(file, "utf8")).stats;
    counts.passed += s.expected + s.flaky;
    counts.failed += s.unexpected;
    counts.skipped += s.skipped;
  } catch {
    counts.failed += 1;
  }
}

// In band: with two workers the PGlite run took 603 s instead of ~680, but the PostgreSQL run
// beside it on the same two cores 683 s instead of ~450 (29/11/2026).
const jest = (project, outFile, env = {}, output, extraArgs = []) =>
  run(path.join(BIN, "jest"), ["--selectProjects", project, "--runInBand", "--json", `--outputFile=${outFile}`, ...extraArgs], { env, output }).then(
    (code) => {
      jestCounts(outFile);
      return code;
    },
  );

/**
 * API test files marked `@database-independent` (a line of their opening comment): they never open
 * the run's database (they test a script, a process or plain code, or always use a PGlite folder of
 * their own), so they pass or fail the same on PGlite and on PostgreSQL. When both runs happen they
 * run in the PostgreSQL one only; the PGlite run is the longer of the two.
 */
function databaseIndependentTests() {
  const files = fs.readdirSync(path.join(ROOT, "server"), { recursive: true }).filter((file) => file.endsWith(".test.ts"));
  return files
    .map((file) => path.join(ROOT, "server", file))
    .filter((file) => {
      const source = fs.readFileSync(file, "utf8");
      if (!/^\/\/ @database-independent\b/m.test(source)) return false;
      // The mark must stay true: a file that opens the run's database is not independent of it.
      if (/\b(createTestApp|openTestDatabase|expectedDatabaseKind)\b/.test(source)) {
        throw new Error(`${path.relative(ROOT, file)} dice @database-independent pero abre la base de datos de la corrida`);
      }
      return true;
    });
}

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** What keeps the PGlite run to the files whose result depends on the database, when PostgreSQL runs the rest. */
function pgliteOnlyArgs() {
  if (!process.env.DATABASE_URL) return [];
  const independent = databaseIndependentTests();
  // On the command line the list replaces the configured one: Jest's own entries stay in it.
  return independent.length === 0 ? [] : ["--testPathIgnorePatterns", "/node_modules/", "/.next/", ...independent.map((file) => `^${escapeRegExp(file)}$`)];
}

const tsc = (project, output) => run(path.join(BIN, "tsc"), ["--noEmit", "-p", project], { output });

await together(
  wants("typecheck") && [
    "Verificación de tipos",
    async (output) => {
      // The route types the app's project includes (.next/types); the build does not check types.
      const generated = await run(path.join(BIN, "next"), ["typegen"], { output });
      if (generated !== 0) return generated;
      const codes = await Promise.all(["tsconfig.json", "server/tsconfig.json", "sw/tsconfig.json", "e2e/tsconfig.json"].map((project) => tsc(project, output)));
      return codes.find((code) => code !== 0) ?? 0;
    },
  ],
  wants("lint") && ["Lint", (output) => run(path.join(BIN, "eslint"), ["--max-warnings", "0", "."], { output })],
  wants("unit") && ["Pruebas unitarias", (output) => jest("unit", path.join(resultsDir, "unit.json"), {}, output)],
);

const needsEmulator = wants("api") || wants("e2e");
let emulator = null;
if (needsEmulator) emulator = await startAuthEmulator({ quiet: true });
const identityEnv = { FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID: DEMO_PROJECT_ID };

try {
  if (wants("api") && !process.env.DATABASE_URL) console.log("\n(DATABASE_URL no está definida: las pruebas de API corren solo sobre PGlite.)");
  // The build only reads sources and writes out/, which no API test reads: it runs beside them.
  await together(
    wants("api") && [
      "Pruebas de API (PGlite)",
      (output) =>
        jest("api", path.join(resultsDir, "api-pglite.json"), { ...identityEnv, DATABASE_URL: "" }, output, pgliteOnlyArgs()),
    ],
    wants("api") && process.env.DATABASE_URL && ["Pruebas de API (PostgreSQL)", (output) => jest("api", path.join(resultsDir, "api-postgres.json"), identityEnv, output)],
    wants("e2e") && ["Construcción de la PWA", (output) => run(process.execPath, [path.join(ROOT, "scripts", "build.mjs"), "--if-stale"], { output })],
  );
  if (wants("e2e")) {
    const e2eFile = path.join(resultsDir, "e2e.json");
    await step("Pruebas de extremo a extremo (Chromium)", () =>
      run(path.join(BIN, "playwright"), ["test"], {
        env: { ...identityEnv, PLAYWRIGHT_JSON_OUTPUT_NAME: e2eFile },
      }).then((code) => {
        playwrightCounts(e2eFile);
        return code;
      }),
    );
  }
} finally {
  await emulator?.stop();
  killAll();
}

console.log("\n━━ Resumen ━━");
for (const s of steps) console.log(`${s.ok ? "✔" : "✘"} ${s.name} (${s.seconds.toFixed(1)} s)`);
const failedSteps = steps.filter((s) => !s.ok).length;
console.log(`\ntests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedSteps > 0 || counts.failed > 0 ? 1 : 0);
