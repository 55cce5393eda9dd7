// Runs a command with the Auth emulator up: `node scripts/with-emulator.mjs jest ...`.
import path from "node:path";
import { BIN, killAll, run } from "./lib/processes.mjs";
import { AUTH_EMULATOR_HOST, DEMO_PROJECT_ID, startAuthEmulator } from "./lib/emulator.mjs";

const [cmd, ...args] = process.argv.slice(2);
if (!cmd) {
  console.error("Uso: node scripts/with-emulator.mjs <comando> [argumentos]");
  process.exit(2);
}
const emulator = await startAuthEmulator({ quiet: true });
let code = 1;
try {
  // `node` is this Node (bench scripts); other bare names are the project's own binaries.
  const bin = cmd === "node" ? process.execPath : cmd.includes("/") ? cmd : path.join(BIN, cmd);
  code = await run(bin, args, {
    env: { FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID: DEMO_PROJECT_ID },
  });
} finally {
  await emulator.stop();
  killAll();
}
process.exit(code);
