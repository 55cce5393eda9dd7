import fs from "node:fs";
import path from "node:path";
import { ROOT } from "./server";
import { removeEarlierDeployments } from "./variant-build";

export default function globalSetup() {
  if (!fs.existsSync(path.join(ROOT, "out", "sw.js"))) {
    throw new Error("Falta la PWA exportada en out/: ejecuta `npm run build` (npm test la construye).");
  }
  // Workers inherit what the global setup puts in process.env: what they build once per run
  // (support/variant-build.ts, secondDeployment) is named by it.
  process.env.E2E_RUN_ID = `${Date.now()}-${process.pid}`;
  removeEarlierDeployments();
}
