import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { loadEnv } from "../../env";
import { firebaseAuthFor } from "../../firebase";
import { createUsersRepository } from "../../routes/users/repository";
import { signInWithPassword } from "../../test/emulator";
import { openTestDatabase } from "../../test/harness";
import type { Database } from "../client";
import { DEMO_ACCOUNTS, ensureEmulatorUser, seedDemo } from "../seed";

describe("datos de demostración", () => {
  let database: Database;
  const env = loadEnv();

  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
  });

  it("llena una base vacía con un MASTER, un ADMIN, un organizador verificado y una persona, y pueden iniciar sesión", async () => {
    const auth = firebaseAuthFor(env.firebaseProjectId);
    const report = await seedDemo(database, { auth, authEmulatorHost: env.authEmulatorHost });
    expect(report.seededDatabase).toBe(true);
    expect(report.signInReady).toBe(true);
    expect(report.accounts.map((a) => a.accountType)).toEqual(["MASTER", "ADMIN", "NORMAL", "NORMAL"]);

    const users = createUsersRepository(database);
    const master = await users.findByEmail("maestro@plaza.local");
    expect(master).toMatchObject({ id: "demo-maestro", accountType: "MASTER" });
    const organiser = await users.findById("demo-organizador");
    expect(organiser).toMatchObject({ accountType: "NORMAL", verified: true });

    for (const account of DEMO_ACCOUNTS) {
      const session = await signInWithPassword(account.email, account.password);
      expect(session.uid).toBe(account.uid);
    }
  });

  it("no vuelve a llenar una base con datos ni recrea filas borradas", async () => {
    await database.query("DELETE FROM users WHERE id = 'demo-vecina'");
    const report = await seedDemo(database, {});
    expect(report.seededDatabase).toBe(false);
    expect(report.signInReady).toBe(false);
    expect(report.accounts.map((a) => a.uid)).toEqual(["demo-maestro", "demo-admin", "demo-organizador"]);
    const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM users");
    expect(rows[0]?.n).toBe(3);
  });
});

describe("cuentas de demostración en el emulador", () => {
  it("dos servidores que arrancan a la vez sobre el mismo emulador crean la cuenta una vez y ninguno falla", async () => {
    const auth = firebaseAuthFor(loadEnv().firebaseProjectId);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const account = { uid: `demo-carrera-${stamp}`, email: `carrera-${stamp}@plaza.local`, password: "Plaza-Carrera-2026!", name: "Cuenta en carrera" };
    try {
      const outcomes = await Promise.all([1, 2, 3].map(() => ensureEmulatorUser(auth, account).then(() => "ok", (e: { code?: string }) => e.code ?? String(e))));
      expect(outcomes).toEqual(["ok", "ok", "ok"]);
      const session = await signInWithPassword(account.email, account.password);
      expect(session.uid).toBe(account.uid);
    } finally {
      await auth.deleteUser(account.uid).catch(() => undefined);
    }
  });
});
