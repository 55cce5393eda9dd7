// The Firebase Auth emulator's process (started by scripts/lib/emulator.mjs): firebase-tools' own
// AuthEmulator, started without the `firebase` command-line tool around it.
//
// `firebase emulators:start --only auth` spent about half of its start loading the CLI (its
// commands, the controller of every emulator, Pub/Sub's client) before the Auth emulator began:
// 2.4 s to listen against 1.2 s for the same emulator started here (5 alternating starts), and a
// start of Plaza waits for it (docs/operations/rendimiento-bitacora.md, "El emulador sin la herramienta de
// línea de comandos"). The emulator, its import and its export are firebase-tools' (the classes
// the CLI calls), so the folder it keeps stays one `firebase emulators:start --import` reads.
// Outside the CLI firebase-tools' logger writes nowhere: what this process says, it prints itself.
// These are firebase-tools' internal modules, so package.json pins its exact version: an update is
// a deliberate change, checked by server/test/__tests__/auth-emulator.test.ts and every test that
// signs in.
//
// Usage: node auth-emulator-main.mjs <host> <port> <projectId> [<persistDir>]
// With a persistDir, accounts are imported from it at start (when it holds an export) and exported
// to it on SIGINT or SIGTERM, as `--import dir --export-on-exit dir` do. "Emulador de Auth listo"
// (AUTH_EMULATOR_READY) is printed once the import is done.
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import { AUTH_EMULATOR_READY } from "./emulator.mjs";

const [host, port, projectId, persistArg] = process.argv.slice(2);
const persistDir = persistArg ? path.resolve(persistArg) : undefined;
const load = createRequire(import.meta.url);
const firebaseTools = path.dirname(load.resolve("firebase-tools/package.json"));
const internal = (module) => load(path.join(firebaseTools, "lib", "emulator", module));
const detail = (error) => (error instanceof Error ? error.message : String(error));

lazySchemaCompilation();
const { AuthEmulator, SingleProjectMode } = internal("auth");
const { EmulatorRegistry } = internal("registry");
const { HubExport } = internal("hubExport");

// One project (demo-plaza). The CLI's single-project mode only logs a warning for calls naming
// another project, and that log goes nowhere here, so it is off.
const emulator = new AuthEmulator({ host, port: Number(port), projectId, singleProjectMode: SingleProjectMode.NO_WARNING });
try {
  // The emulator's server reports a taken port as an unhandled 'error' event: asked first, as the CLI does.
  await portIsFree();
  // Registered as the CLI does, so HubExport finds it when exporting.
  await EmulatorRegistry.start(emulator);
} catch (error) {
  console.error(`No se pudo arrancar el emulador de Auth en ${host}:${port} (${detail(error)}). ¿Hay otro proceso en ese puerto?`);
  process.exit(1);
}
try {
  const metadata = persistDir ? HubExport.readMetadata(persistDir) : undefined;
  if (metadata?.auth) await emulator.importData(path.resolve(persistDir, metadata.auth.path), projectId, { initiatedBy: "start" });
} catch (error) {
  console.error(`No se pudieron importar las cuentas guardadas en ${persistDir} (${detail(error)}). Revisa o borra esa carpeta.`);
  process.exit(1);
}
console.log(`${AUTH_EMULATOR_READY} en ${host}:${port} (proyecto ${projectId}).`);

let stopping = false;
async function stop() {
  // A second signal while exporting stops at once (the previous export stays), as the CLI's does.
  if (stopping) process.exit(1);
  stopping = true;
  let code = 0;
  if (persistDir) {
    let exporter;
    try {
      fs.mkdirSync(persistDir, { recursive: true });
      // HubExport writes into a new folder in the working directory, then swaps it in: beside the
      // export, on the same disk, and removed below if the export fails halfway.
      process.chdir(path.dirname(persistDir));
      exporter = new HubExport(projectId, { path: persistDir, initiatedBy: "exit", targets: ["auth"] });
      await exporter.exportAll();
      console.log(`Cuentas del emulador guardadas en ${persistDir}.`);
    } catch (error) {
      console.error(`No se pudieron guardar las cuentas del emulador en ${persistDir} (${detail(error)}).`);
      code = 1;
    } finally {
      if (exporter) fs.rmSync(exporter.tmpDir, { recursive: true, force: true });
    }
  }
  await EmulatorRegistry.stop(emulator.getName());
  process.exit(code);
}
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

function portIsFree() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once("error", reject);
    probe.listen(Number(port), host, () => probe.close(() => resolve()));
  });
}

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
