// `npm test`: type-check, lint, unit tests, API tests (PGlite, and PostgreSQL when
// DATABASE_URL is set) and end-to-end tests in Chromium against the real stack. Every step
// runs; the exit code is non-zero when any step failed.
import fs from "node:fs";
import path from "node:path";
import { BIN, ROOT, killAll, run } from "./lib/processes.mjs";
import { AUTH_EMULATOR_HOST, DEMO_PROJECT_ID, startAuthEmulator } from "./lib/emulator.mjs";
import { buildClient } from "./build.mjs";

const resultsDir = path.join(ROOT, "test-results", "summary");
fs.rmSync(resultsDir, { recursive: true, force: true });
fs.mkdirSync(resultsDir, { recursive: true });

const only = process.argv.slice(2); // e.g. `npm test -- unit api`
const wants = (step) => only.length === 0 || only.includes(step);
const steps = [];
const counts = { passed: 0, failed: 0, skipped: 0 };

async function step(name, fn) {
  const started = Date.now();
  console.log(`\n━━ ${name} ━━`);
  let code;
  try {
    code = await fn();
  } catch (error) {
    console.error(error);
    code = 1;
  }
  steps.push({ name, ok: code === 0, seconds: (Date.now() - started) / 1000 });
}

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

const jest = (project, outFile, env = {}) =>
  run(path.join(BIN, "jest"), ["--selectProjects", project, "--runInBand", "--json", `--outputFile=${outFile}`], { env }).then(
    (code) => {
      jestCounts(outFile);
      return code;
    },
  );

if (wants("typecheck")) {
  await step("Verificación de tipos", async () => {
    const app = await run(path.join(BIN, "tsc"), ["--noEmit", "-p", "tsconfig.json"]);
    const server = await run(path.join(BIN, "tsc"), ["--noEmit", "-p", "server/tsconfig.json"]);
    const worker = await run(path.join(BIN, "tsc"), ["--noEmit", "-p", "sw/tsconfig.json"]);
    const e2e = await run(path.join(BIN, "tsc"), ["--noEmit", "-p", "e2e/tsconfig.json"]);
    return app || server || worker || e2e;
  });
}
if (wants("lint")) await step("Lint", () => run(path.join(BIN, "eslint"), ["--max-warnings", "0", "."]));
if (wants("unit")) await step("Pruebas unitarias", () => jest("unit", path.join(resultsDir, "unit.json")));

const needsEmulator = wants("api") || wants("e2e");
let emulator = null;
if (needsEmulator) emulator = await startAuthEmulator({ quiet: true });
const identityEnv = { FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID: DEMO_PROJECT_ID };

try {
  if (wants("api")) {
    await step("Pruebas de API (PGlite)", () => jest("api", path.join(resultsDir, "api-pglite.json"), { ...identityEnv, DATABASE_URL: "" }));
    if (process.env.DATABASE_URL) {
      await step("Pruebas de API (PostgreSQL)", () => jest("api", path.join(resultsDir, "api-postgres.json"), identityEnv));
    } else {
      console.log("\n(DATABASE_URL no está definida: las pruebas de API corren solo sobre PGlite.)");
    }
  }
  if (wants("e2e")) {
    await step("Construcción de la PWA", () => buildClient({ ifStale: true }));
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
