// @database-independent: its API process always uses a PGlite folder of its own (scripts/test.mjs runs it in one API run).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { freePort } from "../free-port";
import { waitUntil } from "../wait";

// npm start runs the Auth emulator and the API side by side. The emulator opens its port before
// it imports the accounts saved at the last stop, so the API's demo seed must not go on the open
// port alone: it would create a demo account first and the import would skip the saved one. The
// API (AUTH_EMULATOR_READY=message) asks its parent before seeding, and npm start answers once the
// emulator says it is ready (scripts/lib/emulator.mjs, answerAuthEmulatorWait). Here a parent
// process does what scripts/start.mjs does, with the same function, and answers when told to.

const ROOT = path.join(__dirname, "../../..");

// The parent: starts the API as npm start does (scripts/api.mjs with an IPC channel), answers its
// question once a line arrives on stdin (the emulator "ready"), and says when it was asked.
const PARENT = `
import readline from "node:readline";
import { answerAuthEmulatorWait } from ${JSON.stringify(path.join(ROOT, "scripts/lib/emulator.mjs"))};
import { startProcess } from ${JSON.stringify(path.join(ROOT, "scripts/lib/processes.mjs"))};
const api = startProcess("api", process.execPath, [${JSON.stringify(path.join(ROOT, "scripts/api.mjs"))}], { ipc: true });
api.child.on("message", (message) => console.log("[padre] la API pregunta: " + message));
let emulatorReady;
answerAuthEmulatorWait(api.child, new Promise((resolve) => (emulatorReady = resolve)));
readline.createInterface({ input: process.stdin }).once("line", () => emulatorReady());
process.on("SIGTERM", async () => { await api.stop("SIGINT", 10000); process.exit(0); });
`;

let dir: string;
let parent: ChildProcess | null = null;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-emulator-ready-"));
});

afterAll(async () => {
  if (parent && parent.exitCode === null && parent.signalCode === null) {
    const exited = new Promise((resolve) => parent!.once("exit", resolve));
    parent.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("la semilla de demostración de npm start y el emulador de Auth", () => {
  it("espera a que npm start diga que el emulador importó sus cuentas, no solo a que abra su puerto", async () => {
    const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    if (!emulatorHost) throw new Error("Las pruebas necesitan el emulador de Auth (FIREBASE_AUTH_EMULATOR_HOST).");
    fs.mkdirSync(path.join(dir, "out"));
    const child = spawn(process.execPath, ["--input-type=module", "-e", PARENT], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(await freePort()),
        HOST: "127.0.0.1",
        DATA_DIR: path.join(dir, "data"),
        STATIC_DIR: path.join(dir, "out"),
        // PGlite of its own, whichever database the suite runs on.
        DATABASE_URL: "",
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
        FIREBASE_PROJECT_ID: "demo-plaza",
        AUTH_EMULATOR_READY: "message",
        // Far longer than the test waits once it answers: only the answer can let the seed go on.
        AUTH_EMULATOR_WAIT_MS: "300000",
        SEED_DEMO: "true",
        GEOCODER_URL: "off",
        LOG_LEVEL: "warn",
      },
      stdio: ["pipe", "pipe", "pipe"],
    });
    parent = child;
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk));

    // The emulator is listening all along (the suite's): only the answer lets the seed go on.
    await waitUntil(() => output.includes("[padre] la API pregunta: plaza:auth-emulator-wait"), 45_000);
    // A fresh folder's seed prints its accounts ~1 s after it starts: 3 s would show one that did not wait.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(output).not.toContain("Cuentas de demostración");
    expect(output).not.toContain("Plaza API lista");

    child.stdin?.write("listo\n");
    await waitUntil(() => output.includes("Plaza API lista"), 30_000);
    expect(output).toContain("[api] Cuentas de demostración:");
    expect(output).toMatch(/MASTER maestro@plaza\.local/);
    expect(output).not.toContain("No se pudieron preparar las cuentas de demostración");
  }, 120_000);
});
