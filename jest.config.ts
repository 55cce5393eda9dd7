/** @jest-config-loader esbuild-register */
import type { Config } from "jest";
import nextJest from "next/jest.js";

// Two projects: `unit` (client logic and components, jsdom) and `api` (the Fastify server
// through app.inject on a real database). Both use Next's SWC transform.
const createJestConfig = nextJest({ dir: "./" });

// ESM-only packages that Jest must transform.
const esmPackages = ["ky", "feed", "idb-keyval", "@serwist", "serwist", "light-my-request", "cookie"];
const transformIgnorePatterns = [`/node_modules/(?!(${esmPackages.join("|")})/)`];

// A function, because Next's helper is asynchronous and the loader compiles this file to
// CommonJS, where top-level await is not available.
export default async function config(): Promise<Config> {
  const unit = await createJestConfig({
    displayName: "unit",
    testEnvironment: "jsdom",
    testMatch: ["<rootDir>/{lib,components,app}/**/__tests__/**/*.test.{ts,tsx}"],
    moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  })();
  unit.transformIgnorePatterns = transformIgnorePatterns;

  const api = await createJestConfig({
    displayName: "api",
    testEnvironment: "node",
    testMatch: ["<rootDir>/server/**/*.test.ts"],
    moduleNameMapper: { "^@/(.*)$": "<rootDir>/$1" },
  })();
  api.transformIgnorePatterns = transformIgnorePatterns;

  // testTimeout is a global option: inside a project Jest ignores it.
  return { projects: [unit, api], testTimeout: 30000 };
}
