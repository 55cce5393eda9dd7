import net from "node:net";
import path from "node:path";
import { buildApp } from "./app";
import { openDatabase, type Database } from "./db/client";
import { seedDemo } from "./db/seed";
import { loadEnv } from "./env";
import { firebaseAuthFor } from "./firebase";
import { loadVapidKeys } from "./push/vapid";
import { imageStoreFor, STORE_FAILURE_MESSAGES } from "./storage/store";

// The process entry point, run by `node scripts/api.mjs` (bundled; `npx tsx server/main.ts` runs the
// same sources unbundled). Start scripts wait for the READY line.

async function main(): Promise<void> {
  const env = loadEnv();
  const database: Database = await openDatabase(
    env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir },
  );

  let app: Awaited<ReturnType<typeof buildApp>> | null = null;
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`Cerrando Plaza API (${signal})…`);
    let exitCode = 0;
    try {
      await app?.close();
    } catch (error) {
      console.error(error);
      exitCode = 1;
    }
    try {
      // Closing the database also releases the PGlite folder lock.
      await database.close();
    } catch (error) {
      console.error(error);
      exitCode = 1;
    }
    process.exit(exitCode);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    const auth = firebaseAuthFor(env.firebaseProjectId);
    // One store for the demo seed and the app, so demo pictures land where uploads do.
    const images = imageStoreFor(env.storage, (error, failure) => app?.log.warn({ err: error }, STORE_FAILURE_MESSAGES[failure]));
    if (env.seedDemo) {
      try {
        if (env.authEmulatorHost) await waitForEmulator(env.authEmulatorHost, env.authEmulatorReady, env.authEmulatorWaitMs);
        const report = await seedDemo(database, { auth, authEmulatorHost: env.authEmulatorHost, images });
        printDemoAccounts(report.accounts, report.signInReady);
      } catch (error) {
        // The API is still useful without demo sign-ins (e.g. the emulator is not up yet).
        const hint = env.authEmulatorHost ? ` ¿Está corriendo el emulador de Auth en ${env.authEmulatorHost}?` : "";
        console.warn(`No se pudieron preparar las cuentas de demostración: ${(error as Error).message}.${hint}`);
      }
    }

    // Not listening, nor saying it is ready, before the export is there: a page opened during the
    // build would be a 404.
    if (env.staticDirReady === "message") await waitForExport();
    const vapidKeys = loadVapidKeys({ dataDir: env.dataDir, configured: env.push });
    app = await buildApp({ config: env, database, auth, vapidKeys, images });
    await app.listen({ port: env.port, host: env.host });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : env.port;
    console.log(
      `Base de datos: ${database.kind === "pglite" ? `PGlite en ${displayPath(env.dataDir)}` : "PostgreSQL"}` +
        ` · Auth: ${env.authEmulatorHost ? `emulador en ${env.authEmulatorHost}` : `proyecto ${env.firebaseProjectId}`}`,
    );
    console.log(`Plaza API lista en http://localhost:${port}`);
  } catch (error) {
    await app?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/** What the API asks its parent process (npm start) and the answers (scripts/lib/emulator.mjs, scripts/start.mjs). */
const AUTH_EMULATOR_WAIT_MESSAGE = "plaza:auth-emulator-wait";
const AUTH_EMULATOR_READY_MESSAGE = "plaza:auth-emulator-ready";
const STATIC_DIR_WAIT_MESSAGE = "plaza:static-dir-wait";
const STATIC_DIR_READY_MESSAGE = "plaza:static-dir-ready";

/**
 * Resolves once the demo seed can use the emulator, or after `timeoutMs` (the seed then says
 * why). The emulator opens its port before importing the accounts saved at the last stop: a seed
 * that went on the open port alone could create a demo account first, and the import would then
 * skip the saved one. So npm start, which sees the emulator's ready line, answers when asked.
 */
async function waitForEmulator(hostPort: string, readyWhen: "port" | "message", timeoutMs: number): Promise<void> {
  if (readyWhen === "message" && !process.send) console.warn("AUTH_EMULATOR_READY=message, pero este proceso no tiene canal IPC: se espera a que el emulador abra su puerto.");
  if (readyWhen === "port" || !process.send) return waitForListening(hostPort, timeoutMs);
  await askParent(AUTH_EMULATOR_WAIT_MESSAGE, AUTH_EMULATOR_READY_MESSAGE, timeoutMs);
}

/**
 * Resolves once npm start has built the export into STATIC_DIR: it builds while this process opens
 * the database and seeds it, which a first start used to do after the build. No time limit (a
 * build takes what it takes); npm start stops this process if the build fails. If npm start is
 * gone before it answers, nobody will stop this process or say the export is whole: it stops.
 */
async function waitForExport(): Promise<void> {
  if (!process.send) {
    console.warn("STATIC_DIR_READY=message, pero este proceso no tiene canal IPC: se sirve STATIC_DIR como está.");
    return;
  }
  if (!(await askParent(STATIC_DIR_WAIT_MESSAGE, STATIC_DIR_READY_MESSAGE))) {
    throw new Error("npm start terminó antes de construir la PWA; la API no arranca sin ella.");
  }
}

/**
 * Sends `question` to the parent process and resolves with true on its `answer`, or with false
 * when the parent is gone (nobody will answer) or after `timeoutMs` if given.
 */
function askParent(question: string, answer: string, timeoutMs?: number): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    const done = (answered: boolean) => {
      clearTimeout(timer);
      process.off("message", onMessage);
      process.off("disconnect", gone);
      resolve(answered);
    };
    const onMessage = (message: unknown) => {
      if (message === answer) done(true);
    };
    const gone = () => done(false);
    const timer = timeoutMs === undefined ? undefined : setTimeout(gone, timeoutMs);
    process.on("message", onMessage);
    process.once("disconnect", gone);
    process.send!(question);
  });
}

/** Resolves once host:port accepts connections, or after `timeoutMs` (the seed then reports why). */
async function waitForListening(hostPort: string, timeoutMs: number): Promise<void> {
  const [host, port] = [hostPort.slice(0, hostPort.lastIndexOf(":")), Number(hostPort.slice(hostPort.lastIndexOf(":") + 1))];
  const deadline = Date.now() + timeoutMs;
  const accepts = () =>
    new Promise<boolean>((resolve) => {
      const socket = net.connect({ host, port }, () => (socket.destroy(), resolve(true)));
      socket.once("error", () => resolve(false));
    });
  while (Date.now() < deadline && !(await accepts())) await new Promise((r) => setTimeout(r, 100));
}

function displayPath(absolute: string): string {
  const relative = path.relative(process.cwd(), absolute);
  return relative === "" ? "." : relative.startsWith("..") ? absolute : relative;
}

function printDemoAccounts(accounts: { email: string; password: string; accountType: string; name: string }[], signInReady: boolean): void {
  if (accounts.length === 0) return;
  console.log(signInReady ? "Cuentas de demostración:" : "Cuentas de demostración (sin inicio de sesión: no hay emulador de Auth):");
  for (const a of accounts) console.log(`  ${a.accountType.padEnd(6)} ${a.email.padEnd(26)} ${a.password.padEnd(22)} ${a.name}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  if (error instanceof Error && error.name !== "DatabaseLockedError" && error.name !== "EnvError") console.error(error.stack);
  process.exit(1);
});
