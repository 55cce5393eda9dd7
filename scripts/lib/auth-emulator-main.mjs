// The Firebase Auth emulator's process (started by scripts/lib/emulator.mjs): firebase-tools' own
// AuthEmulator, started without the `firebase` command-line tool around it.
//
// `firebase emulators:start --only auth` spent about half of its start loading the CLI (its
// commands, the controller of every emulator, Pub/Sub's client) before the Auth emulator began: 3.3
// s to listen against 1.6 s for the same emulator started here, and a start of Plaza waits for it
// (docs/operations/rendimiento.md, "El emulador sin la herramienta de línea de comandos"). The
// emulator, its import and its export are firebase-tools' (the same classes the CLI calls), so the
// folder it keeps stays one `firebase emulators:start --import` reads.
//
// Usage: node auth-emulator-main.mjs <host> <port> <projectId> [<persistDir>]
// With a persistDir, accounts are imported from it at start (when it holds an export) and exported
// to it on SIGINT or SIGTERM, as `--import dir --export-on-exit dir` do.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const [host, port, projectId, persistDir] = process.argv.slice(2);
const load = createRequire(import.meta.url);
const firebaseTools = path.dirname(load.resolve("firebase-tools/package.json"));
const internal = (module) => load(path.join(firebaseTools, "lib", "emulator", module));

lazySchemaCompilation();
const { AuthEmulator, SingleProjectMode } = internal("auth");
const { EmulatorRegistry } = internal("registry");
const { HubExport } = internal("hubExport");

const emulator = new AuthEmulator({ host, port: Number(port), projectId, singleProjectMode: SingleProjectMode.WARNING });
// Registered as the CLI does, so HubExport finds it when exporting.
await EmulatorRegistry.start(emulator);
const metadata = persistDir ? HubExport.readMetadata(persistDir) : undefined;
if (metadata?.auth) await emulator.importData(path.resolve(persistDir, metadata.auth.path), projectId, { initiatedBy: "start" });
console.log(`Emulador de Auth listo en ${host}:${port} (proyecto ${projectId}).`);

let stopping = false;
async function stop() {
  // A second signal while exporting stops at once, as the CLI's does.
  if (stopping) process.exit(1);
  stopping = true;
  let code = 0;
  try {
    if (persistDir) {
      fs.mkdirSync(persistDir, { recursive: true });
      // HubExport writes into a new folder in the working directory, then swaps it in: beside the
      // export, so an interrupted one leaves its half in the data folder, not in the checkout.
      process.chdir(path.dirname(path.resolve(persistDir)));
      await new HubExport(projectId, { path: persistDir, initiatedBy: "exit", targets: ["auth"] }).exportAll();
      console.log(`Cuentas del emulador guardadas en ${persistDir}.`);
    }
  } catch (error) {
    console.error(`No se pudieron guardar las cuentas del emulador: ${error instanceof Error ? error.message : error}`);
    code = 1;
  }
  await EmulatorRegistry.stop(emulator.getName());
  process.exit(code);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

// firebase-tools has exegesis compile, with ajv, the JSON schema of every request and response of
// the Identity Toolkit API when the emulator starts: ~10 s of CPU on this project's machines.
// exegesis can compile each schema the first time a call uses it instead
// (`lazyCompileValidationSchemas`, exegesis ≥ 4.2), and validates the same calls with the same
// messages; firebase-tools does not ask for it, so this adds it to the options it passes. Done
// before the emulator's server module asks exegesis-express for its middleware. If firebase-tools
// stops using exegesis-express, nothing here applies and the emulator just starts slower.
function lazySchemaCompilation() {
  try {
    // The same module instance the auth emulator calls (CommonJS, one per path).
    const exegesisExpress = load(load.resolve("exegesis-express", { paths: [firebaseTools] }));
    const compile = exegesisExpress.middleware;
    if (typeof compile === "function") {
      exegesisExpress.middleware = (openApiDoc, options, done) => compile(openApiDoc, { ...options, lazyCompileValidationSchemas: true }, done);
    }
  } catch {
    // Not where it was: the emulator starts unchanged.
  }
}
