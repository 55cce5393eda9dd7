import { defineConfig } from "@playwright/test";
import { chromiumExecutable, CHROMIUM_ARGS } from "./e2e/support/chromium";
import { E2E_PORT, e2eServerEnv } from "./e2e/support/server";

// End-to-end tests run the real stack: the API server (PGlite in a fresh data folder) serving
// the exported PWA, the Firebase Auth emulator (started by scripts/test.mjs or
// scripts/with-emulator.mjs), and Debian's Chromium. Never a downloaded browser.
export default defineConfig({
  testDir: "./e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json"]],
  globalSetup: "./e2e/support/global-setup.ts",
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: "es-MX",
    timezoneId: "America/Monterrey",
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    serviceWorkers: "allow",
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
  },
  webServer: {
    // A fresh database every run: the demo seed loads into it.
    command: `rm -rf .data/e2e/main-${E2E_PORT} && node node_modules/.bin/tsx server/main.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: e2eServerEnv({ port: E2E_PORT, dataDir: `.data/e2e/main-${E2E_PORT}` }),
    stdout: "ignore",
    stderr: "pipe",
  },
});
