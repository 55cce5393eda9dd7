// @database-independent: its API process always uses a PGlite folder of its own (scripts/test.mjs runs it in one API run).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "@jest/globals";
import { freePort } from "../free-port";
import { waitUntil } from "../wait";

// npm start runs the Auth emulator, the API and (on a first start) the build side by side, and the
// API asks its parent before two steps (server/main.ts):
// - before the demo seed uses the emulator: the emulator opens its port before it imports the
//   accounts saved at the last stop, so a seed that went on the open port alone would create a
//   demo account first and the import would skip the saved one (AUTH_EMULATOR_READY=message);
// - before it listens, while the build writes the export it serves (STATIC_DIR_READY=message).
// Here a parent process does what scripts/start.mjs does, with the same functions, and answers
// each question when the test writes its name on the parent's stdin.

const ROOT = path.join(__dirname, "../../..");

const PARENT = `
import readline from "node:readline";
import { answerAuthEmulatorWait } from ${JSON.stringify(path.join(ROOT, "scripts/lib/emulator.mjs"))};
import { answerChild, startProcess } from ${JSON.stringify(path.join(ROOT, "scripts/lib/processes.mjs"))};
const api = startProcess("api", process.execPath, [${JSON.stringify(path.join(ROOT, "scripts/api.mjs"))}], { ipc: true });
api.child.on("message", (message) => console.log("[padre] la API pregunta: " + message));
const answers = {};
const whenTold = (name) => new Promise((resolve) => (answers[name] = resolve));
answerAuthEmulatorWait(api.child, whenTold("emulador"));
answerChild(api.child, "plaza:static-dir-wait", "plaza:static-dir-ready", whenTold("export"));
readline.createInterface({ input: process.stdin }).on("line", (line) => answers[line.trim()]?.());
process.on("SIGTERM", async () => { await api.stop("SIGINT", 10000); process.exit(0); });
`;

interface Parent {
  output: () => string;
  tell: (name: "emulador" | "export") => void;
  port: number;
}

let dir: string | null = null;
let parent: ChildProcess | null = null;

afterEach(async () => {
  if (parent && parent.exitCode === null && parent.signalCode === null) {
    const exited = new Promise((resolve) => parent!.once("exit", resolve));
    parent.kill("SIGTERM");
    await exited;
  }
  parent = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

async function startParent(env: Record<string, string>): Promise<Parent & { dir: string }> {
  const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  if (!emulatorHost) throw new Error("Las pruebas necesitan el emulador de Auth (FIREBASE_AUTH_EMULATOR_HOST).");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-start-waits-"));
  dir = folder;
  fs.mkdirSync(path.join(folder, "out"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--input-type=module", "-e", PARENT], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: path.join(folder, "data"),
      STATIC_DIR: path.join(folder, "out"),
      // PGlite of its own, whichever database the suite runs on.
      DATABASE_URL: "",
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      FIREBASE_PROJECT_ID: "demo-plaza",
      SEED_DEMO: "true",
      GEOCODER_URL: "off",
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["pipe", "pipe", "pipe"],
  });
  parent = child;
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  return { dir: folder, port, output: () => output, tell: (name) => child.stdin?.write(`${name}\n`) };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port }, () => (socket.destroy(), resolve(true)));
    socket.once("error", () => resolve(false));
  });
}

describe("lo que la API de npm start espera de su proceso padre", () => {
  it("la semilla de demostración espera a que npm start diga que el emulador importó sus cuentas, no solo a que abra su puerto", async () => {
    const api = await startParent({
      AUTH_EMULATOR_READY: "message",
      // Far longer than the test waits once it answers: only the answer can let the seed go on.
      AUTH_EMULATOR_WAIT_MS: "300000",
    });

    // The emulator is listening all along (the suite's): only the answer lets the seed go on.
    await waitUntil(() => api.output().includes("[padre] la API pregunta: plaza:auth-emulator-wait"), 45_000);
    // A fresh folder's seed prints its accounts ~1 s after it starts: 3 s would show one that did not wait.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(api.output()).not.toContain("Cuentas de demostración");
    expect(api.output()).not.toContain("Plaza API lista");

    api.tell("emulador");
    await waitUntil(() => api.output().includes("Plaza API lista"), 30_000);
    expect(api.output()).toContain("[api] Cuentas de demostración:");
    expect(api.output()).toMatch(/MASTER maestro@plaza\.local/);
    expect(api.output()).not.toContain("No se pudieron preparar las cuentas de demostración");
  }, 120_000);

  it("prepara la base y la semilla mientras se construye la PWA, y no escucha hasta que npm start dice que el export está escrito", async () => {
    const api = await startParent({ AUTH_EMULATOR_READY: "port", STATIC_DIR_READY: "message" });

    // The database is open and seeded before the build is done: that is what a first start gains.
    // (The question comes over IPC and the accounts over a pipe: either may arrive first.)
    await waitUntil(() => api.output().includes("[padre] la API pregunta: plaza:static-dir-wait") && api.output().includes("[api] Cuentas de demostración:"), 45_000);
    expect(api.output().indexOf("[api] Cuentas de demostración:")).toBeGreaterThan(-1);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(api.output()).not.toContain("Plaza API lista");
    expect(await accepts(api.port)).toBe(false);

    // The build writes the export, then npm start answers.
    fs.writeFileSync(path.join(api.dir, "out", "index.html"), "<!doctype html><html lang=\"es-MX\"><title>Plaza</title><h1>Recién construida</h1></html>");
    fs.writeFileSync(path.join(api.dir, "out", "csp-manifest.json"), JSON.stringify({ version: 1, pages: { "index.html": [] } }));
    api.tell("export");
    await waitUntil(() => api.output().includes("Plaza API lista"), 30_000);
    const home = await fetch(`http://127.0.0.1:${api.port}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Recién construida");
  }, 120_000);

  it("lo que imprimen la API y el emulador sale después de lo de la construcción, en el orden en que llegó", async () => {
    // Two children that print at once, held by the same promise; the parent prints its own line
    // (the build's) and then releases them when told.
    const script = `
import readline from "node:readline";
import { startProcess } from ${JSON.stringify(path.join(ROOT, "scripts/lib/processes.mjs"))};
let release;
const built = new Promise((resolve) => (release = resolve));
const print = (lines, delayMs) => ["-e", \`setTimeout(() => { for (const l of \${JSON.stringify(lines)}) console.log(l); }, \${delayMs})\`];
const first = startProcess("auth", process.execPath, print(["emulador listo"], 0), { holdOutputUntil: built });
await first.exited;
const second = startProcess("api", process.execPath, print(["cuentas", "lista"], 0), { holdOutputUntil: built });
await second.exited;
console.log("[build] construyendo");
readline.createInterface({ input: process.stdin }).once("line", () => release());
`;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { cwd: ROOT, stdio: ["pipe", "pipe", "pipe"] });
    parent = child;
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    await waitUntil(() => output.includes("[build] construyendo"), 10_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(output).toBe("[build] construyendo\n");
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.stdin?.end("listo\n");
    await exited;
    expect(output).toBe("[build] construyendo\n[auth] emulador listo\n[api] cuentas\n[api] lista\n");
  }, 30_000);

  it("si la construcción falla de entrada, npm start detiene también la API y el emulador que ya arrancaban", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-start-waits-"));
    const port = await freePort();
    // An unknown brand makes the build stale and throws before `next build` touches out/.
    const child = spawn(process.execPath, ["scripts/start.mjs"], {
      cwd: ROOT,
      env: { ...process.env, NEXT_PUBLIC_BRAND: "no-existe", PORT: String(port), DATA_DIR: path.join(dir, "data"), DATABASE_URL: "", GEOCODER_URL: "off" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    parent = child;
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));

    expect(code).not.toBe(0);
    expect(output).toContain('NEXT_PUBLIC_BRAND="no-existe" no existe');
    // The stop that ends what it started, not a crash that leaves them running.
    expect(output).toContain("Deteniendo Plaza…");
    expect(await accepts(port)).toBe(false);
  }, 90_000);

  it("si npm start desaparece antes de terminar la construcción, la API no se queda sirviendo sola", async () => {
    const api = await startParent({ AUTH_EMULATOR_READY: "port", STATIC_DIR_READY: "message" });
    await waitUntil(() => api.output().includes("[padre] la API pregunta: plaza:static-dir-wait"), 45_000);
    const lock = path.join(api.dir, "data", "pglite.lock");
    expect(fs.existsSync(lock)).toBe(true);
    // Killed outright: it cannot stop the API (in a process group of its own) on the way out.
    parent!.kill("SIGKILL");
    // The API closes its database (the lock goes with it) and never listens.
    await waitUntil(() => !fs.existsSync(lock), 15_000);
    expect(await accepts(api.port)).toBe(false);
  }, 90_000);
});
