import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import importX from "eslint-plugin-import-x";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";

// Layers, highest first: app → components → lib. The server shares only the wire contract with the
// client (lib/schemas, lib/routes.ts and its lib/paths.ts, as server/tsconfig.json includes); the service worker is
// built on its own and takes only from lib.
const layers = [
  { target: "./lib", from: ["./app", "./components", "./server", "./sw"], message: "lib/ is the base layer: it imports nothing from app/, components/, server/ or sw/." },
  { target: "./components", from: ["./app", "./server", "./sw"], message: "components/ imports nothing from app/, server/ or sw/." },
  { target: "./server", from: ["./app", "./components", "./sw"], message: "server/ imports no client code." },
  {
    target: "./server",
    from: "./lib",
    except: ["./schemas", "./routes.ts", "./paths.ts", "./content-images.ts"],
    message: "server/ shares only lib/schemas, lib/routes.ts, lib/paths.ts and lib/content-images.ts with the client.",
  },
  { target: "./sw", from: "./", except: ["./sw", "./lib", "./node_modules"], message: "sw/ imports only its own modules and lib/." },
];

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    plugins: { "import-x": importX },
    settings: {
      // Without these import-x reads only .js files and follows no TypeScript import.
      "import-x/extensions": importX.flatConfigs.typescript.settings["import-x/extensions"],
      "import-x/parsers": importX.flatConfigs.typescript.settings["import-x/parsers"],
      "import-x/external-module-folders": ["node_modules", "node_modules/@types"],
      "import-x/resolver-next": [
        createTypeScriptImportResolver({
          project: ["tsconfig.json", "server/tsconfig.json", "sw/tsconfig.json", "e2e/tsconfig.json"],
        }),
      ],
    },
    rules: {
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": ["error", { zones: layers }],
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "next/link", message: "Use @/components/ui/link: the app's link, without prefetch (its comment says why)." },
            {
              name: "react-hot-toast",
              allowTypeImports: true,
              message: "Use notify() from @/lib/toast/notify, or withToastLibrary() from @/lib/toast/library: the library stays out of the first load (lib/toast/library.ts says why).",
            },
          ],
        },
      ],
    },
  },
  { files: ["components/ui/link.tsx", "**/__tests__/**"], rules: { "no-restricted-imports": "off" } },
  globalIgnores([".next/**", "out/**", "node_modules/**", ".data/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "coverage/**", ".bench/**", ".build/**"]),
]);
