// @database-independent: the Auth emulator's process only (scripts/test.mjs runs it in one API run).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "@jest/globals";
import { freePort } from "../free-port";

// The Auth emulator's process as `npm start` runs it (scripts/lib/auth-emulator-main.mjs), on its
// own port beside the one the tests use: the accounts someone creates survive a stop and a start,
// with their passwords, in the folder `firebase emulators:start --import` reads.

const ROOT = path.join(__dirname, "../../..");
const MAIN = path.join(ROOT, "scripts/lib/auth-emulator-main.mjs");
const PROJECT = "demo-plaza";

let port: number;
let dataDir: string;
let persistDir: string;
let running: ChildProcess | null = null;

async function start(): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MAIN, "127.0.0.1", String(port), PROJECT, persistDir], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
  running = child;
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
  const deadline = Date.now() + 30_000;
  while (!output.includes("Emulador de Auth listo")) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`El emulador terminó (${child.exitCode ?? child.signalCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`El emulador no arrancó:\n${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return child;
}

function stop(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.once("exit", (code) => resolve(code));
    child.kill("SIGINT");
  });
}

async function accounts(method: "signUp" | "signInWithPassword", email: string, password: string) {
  const response = await fetch(`http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=fake-api-key`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, returnSecureToken: true }),
  });
  return { status: response.status, body: (await response.json()) as { localId?: string; error?: { message?: string } } };
}

beforeAll(async () => {
  port = await freePort();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-auth-emulator-"));
  persistDir = path.join(dataDir, "auth-emulator");
});

afterEach(() => {
  if (running && running.exitCode === null) running.kill("SIGKILL");
});

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe("el emulador de Auth de npm start", () => {
  it("guarda las cuentas al detenerse y las recupera al volver a arrancar", async () => {
    const first = await start();
    const created = await accounts("signUp", "lectora@plaza.test", "secreta-123");
    expect(created.status).toBe(200);
    expect(await stop(first)).toBe(0);

    // The layout `firebase emulators:start --import` reads.
    const metadata = JSON.parse(fs.readFileSync(path.join(persistDir, "firebase-export-metadata.json"), "utf8")) as { auth?: { path: string } };
    expect(metadata.auth?.path).toBe("auth_export");

    const second = await start();
    const signedIn = await accounts("signInWithPassword", "lectora@plaza.test", "secreta-123");
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.localId).toBe(created.body.localId);
    const wrongPassword = await accounts("signInWithPassword", "lectora@plaza.test", "otra-clave-1");
    expect(wrongPassword.status).toBe(400);
    expect(await stop(second)).toBe(0);
  }, 60_000);

  it("valida las peticiones como la API de Identity Toolkit", async () => {
    const child = await start();
    // Schemas are compiled on first use (auth-emulator-main.mjs): a malformed call is still a 400.
    const response = await fetch(`http://127.0.0.1:${port}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=fake-api-key`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ["lectora@plaza.test"], password: {} }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("Invalid JSON payload received. /email must be string");
    expect(await stop(child)).toBe(0);
  }, 60_000);

  it("dice en español que el puerto está ocupado, en vez de fallar con una traza", async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    try {
      const child = spawn(process.execPath, [MAIN, "127.0.0.1", String(port), PROJECT], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
      let output = "";
      child.stderr?.on("data", (chunk: Buffer) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
      expect(code).toBe(1);
      expect(output.trim()).toMatch(/^No se pudo arrancar el emulador de Auth en 127\.0\.0\.1:\d+ \(.*\)\. ¿Hay otro proceso en ese puerto\?$/);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 60_000);
});
