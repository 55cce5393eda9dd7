// `npm start`: builds the PWA when its sources changed, starts the Firebase Auth emulator
// (accounts kept in .data/auth-emulator) and the API server on PGlite (.data/pglite), which
// also serves the PWA. Ctrl-C stops everything it started; the next start keeps the data.
import path from "node:path";
import { API_NODE_FLAGS, ROOT, answerChild, killAll, startProcess } from "./lib/processes.mjs";
import { AUTH_EMULATOR_HOST, DEMO_PROJECT_ID, answerAuthEmulatorWait, startAuthEmulator } from "./lib/emulator.mjs";
import { buildClient } from "./build.mjs";

const started = Date.now();
const port = process.env.PORT ?? "3000";
const dataDir = path.resolve(ROOT, process.env.DATA_DIR ?? ".data");
const usingRealFirebase = Boolean(process.env.FIREBASE_PROJECT_ID && !process.env.FIREBASE_PROJECT_ID.startsWith("demo-"));

// The build (when the sources changed), the emulator and the API start side by side. The API opens
// its database, runs its migrations and seeds the demo while the build runs, then asks before it
// reads the export (STATIC_DIR_READY=message) and is answered once the build is done: a clone's
// first start used to take the build plus all of that. The seed asks before it uses the emulator
// too, answered once the emulator has imported its saved accounts (AUTH_EMULATOR_READY=message;
// at most AUTH_EMULATOR_WAIT_MS). Their output waits until the build has printed its own.
// Outside production a build that has to happen here writes quicker Brotli, 2 % larger: a
// clone's first start is ready ~4 s sooner (docs/operations/rendimiento.md).
const building = new AbortController();
let exportBuilt;
const built = new Promise((resolve, reject) => (exportBuilt = { resolve, reject }));

const emulatorStarting = usingRealFirebase
  ? Promise.resolve({ stop: async () => {} })
  : startAuthEmulator({ persistDir: path.join(dataDir, "auth-emulator"), holdOutputUntil: built });

let ready = false;
const api = startProcess("api", process.execPath, [...API_NODE_FLAGS, "scripts/api.mjs"], {
  env: {
    PORT: port,
    DATA_DIR: dataDir,
    ...(usingRealFirebase
      ? {}
      : { FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID: DEMO_PROJECT_ID, AUTH_EMULATOR_WAIT_MS: "120000", AUTH_EMULATOR_READY: "message" }),
    STATIC_DIR_READY: "message",
  },
  ipc: true,
  holdOutputUntil: built,
  onLine: (line) => {
    if (!ready && line.includes("Plaza API lista")) {
      ready = true;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`\nPlaza está lista en http://localhost:${port} (arranque: ${seconds} s). Ctrl-C para detener.\n`);
    }
  },
});

if (!usingRealFirebase) answerAuthEmulatorWait(api.child, emulatorStarting);
answerChild(api.child, "plaza:static-dir-wait", "plaza:static-dir-ready", built);

let emulator = { stop: async () => {} };
emulatorStarting.then(
  (started) => (emulator = started),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    void shutdown(1);
  },
);

let stopping = false;
async function shutdown(code = 0) {
  if (stopping) return;
  stopping = true;
  building.abort();
  // What the API and the emulator printed while the build ran comes first.
  exportBuilt.reject(new Error("Plaza se detiene."));
  await built.catch(() => {});
  console.log("\nDeteniendo Plaza…");
  await api.stop("SIGINT", 10000);
  await emulator.stop();
  killAll();
  process.exit(code);
}
process.on("SIGINT", () => void shutdown(0));
process.on("SIGTERM", () => void shutdown(0));
api.exited.then(({ code }) => {
  if (stopping) return;
  building.abort();
  // What it printed first (held while the build ran), then why everything stops.
  exportBuilt.reject(new Error("La API terminó antes de servir."));
  void built.catch(() => {}).then(() => {
    console.error(`El servidor de la API terminó (código ${code}).`);
    void shutdown(code ?? 1);
  });
});

let buildCode;
try {
  buildCode = await buildClient({ ifStale: true, quickBrotli: process.env.NODE_ENV !== "production", signal: building.signal });
} catch (error) {
  // Thrown, not a failed step (an unknown brand, a full disk): the API and the emulator are
  // already running, and must stop with it.
  console.error(`[build] ${error instanceof Error ? error.message : error}`);
  buildCode = 1;
}
if (buildCode === 0 && !building.signal.aborted) exportBuilt.resolve();
else if (!building.signal.aborted) void shutdown(buildCode);
