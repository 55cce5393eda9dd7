import { defineConfig } from "@playwright/test";
import { chromiumExecutable, CHROMIUM_ARGS } from "./e2e/support/chromium";
import { E2E_PORT, E2E_WORKERS, e2eServerEnv, portOfWorker } from "./e2e/support/server";

// End-to-end tests run the real stack: the API server (PGlite in a fresh data folder) serving
// the exported PWA, the Firebase Auth emulator (started by scripts/test.mjs or
// scripts/with-emulator.mjs), and Debian's Chromium. Never a downloaded browser.
// Spec files run side by side in E2E_WORKERS workers, each against a server and database of its
// own (e2e/support/server.ts); the tests of one file run in order in one worker. Only the Auth
// emulator is shared, and journeys make their own accounts there.
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  // A journey's budget, not a check: those with two or three sign-ins in separate browsers took
  // 55–75 s on this 2-core machine while its host was busy (25/11/2026: a page fault cost ~18 µs
  // and Lighthouse's bare page 804 ms of blocking time instead of 139). Every step keeps its
  // own 10 s expectation below.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "es-MX",
    timezoneId: "America/Monterrey",
    // A trace is recorded for every test and thrown away when it passes, ~10 % of each test's time
    // (routes.spec.ts: 152 s with it, 136 s without). Where CI runs, nobody can open a trace
    // afterwards (only its printed output is kept), so there it is not recorded.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
    // Blocked, except in the journeys about what it does (working offline, installing, updating,
    // push), which allow it with test.use. Allowed, every new browser context installed it and
    // precached the whole export (194 files, 3.1 MB) while the journey ran: on this 2-core machine
    // seven journeys took 88 s of test time with it and 51 s without (29/11/2026). The worker
    // never answers API calls, so a journey without it asks the server the same things.
    serviceWorkers: "block",
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const port = portOfWorker(index);
    return {
      // A fresh database every run: the demo seed loads into it. The server as npm start runs it
      // (scripts/api.mjs: bundled, then run).
      command: `rm -rf .data/e2e/main-${port} && node scripts/api.mjs`,
      url: `http://127.0.0.1:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: e2eServerEnv({ port, dataDir: `.data/e2e/main-${port}` }),
      stdout: "ignore" as const,
      stderr: "pipe" as const,
    };
  }),
});
