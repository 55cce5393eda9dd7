// @database-independent: settings and a key file only (scripts/test.mjs runs it in one API run).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "@jest/globals";
import webPush from "web-push";
import { EnvError, loadEnv } from "../../env";
import { loadVapidKeys, VAPID_FILE } from "../vapid";

// The VAPID pair must survive restarts (browsers subscribed with it) and a wrong configured key
// must stop the start with a message that names the setting.

const local = {
  NODE_ENV: "",
  FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099",
  FIREBASE_PROJECT_ID: "",
  HOST: "",
  PUBLIC_URL: "",
  DATABASE_URL: "",
  VAPID_PUBLIC_KEY: "",
  VAPID_PRIVATE_KEY: "",
  VAPID_SUBJECT: "",
};

function problemsOf(overrides: Record<string, string>): string[] {
  try {
    loadEnv({ ...local, ...overrides });
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("claves VAPID", () => {
  it("se generan en la carpeta de datos la primera vez y se reutilizan después", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-vapid-"));
    const first = loadVapidKeys({ dataDir });
    const file = path.join(dataDir, VAPID_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadVapidKeys({ dataDir })).toEqual(first);
    expect(Buffer.from(first.publicKey, "base64url")).toHaveLength(65);
  });

  it("un archivo dañado detiene el arranque con el motivo", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-vapid-"));
    fs.writeFileSync(path.join(dataDir, VAPID_FILE), "{");
    expect(() => loadVapidKeys({ dataDir })).toThrow(/no es JSON válido/);
  });

  it("el par configurado gana sobre el archivo", () => {
    const pair = webPush.generateVAPIDKeys();
    const env = loadEnv({ ...local, VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(loadVapidKeys({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), "plaza-vapid-")), configured: env.push })).toEqual(pair);
  });

  it.each([
    ["solo una de las dos", { VAPID_PUBLIC_KEY: webPush.generateVAPIDKeys().publicKey }, /se configuran juntas/],
    ["clave pública mal formada", { VAPID_PUBLIC_KEY: "abc", VAPID_PRIVATE_KEY: webPush.generateVAPIDKeys().privateKey }, /clave pública debe ser una clave P-256/],
    ["claves de pares distintos", { VAPID_PUBLIC_KEY: webPush.generateVAPIDKeys().publicKey, VAPID_PRIVATE_KEY: webPush.generateVAPIDKeys().privateKey }, /no corresponde/],
    ["contacto que no es correo ni https", { VAPID_SUBJECT: "http://plaza.example" }, /VAPID_SUBJECT: debe ser un correo/],
  ])("rechaza al arrancar: %s", (_case, overrides, message) => {
    expect(problemsOf(overrides).join("\n")).toMatch(message);
  });

  it("contacto por omisión: la dirección pública si es https; http a loopback solo fuera de producción", () => {
    expect(loadEnv(local).push).toMatchObject({ subject: "mailto:plaza@localhost", allowLoopbackEndpoints: true });
    expect(loadEnv({ ...local, PUBLIC_URL: "https://plaza.ejemplo.mx" }).push.subject).toBe("https://plaza.ejemplo.mx");
    const production = loadEnv({ ...local, NODE_ENV: "production", FIREBASE_AUTH_EMULATOR_HOST: "", FIREBASE_PROJECT_ID: "plaza-real", PUBLIC_URL: "https://plaza.ejemplo.mx" });
    expect(production.push.allowLoopbackEndpoints).toBe(false);
  });
});
