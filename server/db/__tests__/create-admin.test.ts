// @database-independent: always a PGlite folder of its own (scripts/test.mjs runs it in one API run).
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { openDatabase, type Database } from "../client";
import { createUsersRepository } from "../../routes/users/repository";

// scripts/create-admin.ts, run as people run it (a separate process), on a PGlite data folder.

const ROOT = path.join(__dirname, "../../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");

function runScript(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      ["scripts/create-admin.ts", ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "silent" }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe("npm run admin:create", () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-admin-"));
    const database = await openDatabase({ dataDir });
    const users = createUsersRepository(database);
    await users.create({ id: "u-duena", name: "Dueña", email: "duena@plaza.test" });
    await users.setBan("u-duena", { reason: "viejo", endsAt: new Date(Date.now() + 3600_000) });
    await database.close();
  });
  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  async function accountType(): Promise<string | undefined> {
    const database = await openDatabase({ dataDir });
    try {
      return (await createUsersRepository(database).findById("u-duena"))?.accountType;
    } finally {
      await database.close();
    }
  }

  it("hace MASTER a la cuenta registrada con ese correo (sin importar mayúsculas) y le quita una suspensión", async () => {
    const run = await runScript(["--email", "DUENA@plaza.test"], dataDir);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Listo: Dueña <duena@plaza.test> ahora es MASTER.");
    expect(await accountType()).toBe("MASTER");
    const database = await openDatabase({ dataDir });
    expect((await createUsersRepository(database).findById("u-duena"))?.banEndsAt).toBeNull();
    await database.close();

    const again = await runScript(["--email", "duena@plaza.test"], dataDir);
    expect(again.stdout).toContain("ya es MASTER");
  });

  it("--remove le quita el rol", async () => {
    const run = await runScript(["--email", "duena@plaza.test", "--remove"], dataDir);
    expect(run.code).toBe(0);
    expect(await accountType()).toBe("NORMAL");
  });

  it("explica en español un correo sin cuenta o que falta", async () => {
    const missing = await runScript(["--email", "nadie@plaza.test"], dataDir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No hay ninguna cuenta registrada con el correo nadie@plaza.test.");
    const noEmail = await runScript([], dataDir);
    expect(noEmail.code).toBe(1);
    expect(noEmail.stderr).toContain("Falta el correo de la cuenta.");
  });

  it("no toma la base PGlite mientras el servidor la tiene abierta, y lo dice", async () => {
    const server: Database = await openDatabase({ dataDir });
    try {
      const run = await runScript(["--email", "duena@plaza.test"], dataDir);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`está abierta por otro proceso (pid ${process.pid})`);
      expect(run.stderr).toContain("detén el servidor");
    } finally {
      await server.close();
    }
    expect(await accountType()).toBe("NORMAL");
  });
});
