import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, jest } from "@jest/globals";
import pg from "pg";
import sharp from "sharp";
import { createEvent, makePerson } from "../../routes/content/__tests__/helpers";
import { createTestApp, expectedDatabaseKind, type TestApp } from "../../test/harness";
import { multipartBody } from "../../test/multipart";
import { openDatabase, type Database } from "../client";
import { loadEnv } from "../../env";

// `npm run backup` / `npm run restore`, run as an operator runs them (separate processes), on the
// engine the suite runs on: a PGlite data folder, or a throwaway database on the PostgreSQL of
// DATABASE_URL (created and dropped here; nothing else on that server is touched).

const ROOT = path.join(__dirname, "../../..");
const KIND = expectedDatabaseKind();

function npmRun(args: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      "npm",
      ["run", "--silent", ...args],
      { cwd: ROOT, env: { ...process.env, ...env, LOG_LEVEL: "silent" }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// Two spawned npm commands (backup and restore, each booting tsx and the database) plus two app
// starts: about 45 s on PGlite on an idle 2-core machine, more under CI load.
jest.setTimeout(180_000);

describe(`respaldo y restauración (${KIND})`, () => {
  let base: string;
  let dataDir: string;
  let uploadsDir: string;
  let archive: string;
  let databaseUrl = "";
  let dbName = "";
  let admin: pg.Client | null = null;

  beforeAll(async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-respaldo-prueba-"));
    dataDir = path.join(base, "data");
    uploadsDir = path.join(base, "uploads");
    archive = path.join(base, "copias", "respaldo.tar");
    const serverUrl = loadEnv().databaseUrl;
    if (serverUrl) {
      dbName = `plaza_respaldo_${randomBytes(5).toString("hex")}`;
      admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${dbName}`);
      const url = new URL(serverUrl);
      url.pathname = `/${dbName}`;
      databaseUrl = url.toString();
    }
  });
  afterAll(async () => {
    if (admin) {
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
    fs.rmSync(base, { recursive: true, force: true });
  });

  const scriptEnv = () => ({ DATA_DIR: dataDir, UPLOADS_DIR: uploadsDir, DATABASE_URL: databaseUrl });
  const open = (): Promise<Database> => openDatabase(databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir });
  const startApp = async (): Promise<TestApp> => createTestApp({ database: await open(), env: { UPLOADS_DIR: uploadsDir } });

  async function download(t: TestApp, url: string): Promise<{ status: number; data: Buffer }> {
    const address = t.app.server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${address.port}${url}`);
    return { status: response.status, data: Buffer.from(await response.arrayBuffer()) };
  }

  async function wipe(): Promise<void> {
    fs.rmSync(uploadsDir, { recursive: true, force: true });
    if (admin) {
      await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${dbName}`);
    } else {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it("el mismo evento y la misma imagen vuelven después de respaldar, borrar todo y restaurar", async () => {
    let t = await startApp();
    const organizer = await makePerson(t, { name: "Organizadora Respaldo" });
    const id = await createEvent(t, organizer, { title: "Festival del respaldo", description: "Música y tamales en la Alameda." });
    const png = await sharp({ create: { width: 1000, height: 600, channels: 3, background: "#2a7" } }).png().toBuffer();
    const { body, contentType } = multipartBody({}, [{ field: "file", filename: "cartel.png", contentType: "image/png", data: png }]);
    const uploaded = await t.request({ method: "PUT", url: `/api/events/${id}/image`, headers: { ...organizer.headers, "content-type": contentType }, payload: body });
    expect(uploaded.statusCode).toBe(200);
    const before = (await t.request({ url: `/api/events/${id}` })).json().data;
    expect(before.coverImage).toMatch(/^\/uploads\//);
    const image = await download(t, before.coverImage);
    expect(image.status).toBe(200);
    await t.close();

    if (KIND === "pglite") {
      // A running server holds the data folder: the backup refuses instead of copying it mid-write.
      const held = await open();
      const refused = await npmRun(["backup", "--", archive], scriptEnv());
      await held.close();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("está abierta por otro proceso");
      expect(fs.existsSync(archive)).toBe(false);
    }

    const backup = await npmRun(["backup", "--", archive], scriptEnv());
    expect({ code: backup.code, stderr: backup.stderr.replace(/^npm warn.*\n?/gm, "") }).toEqual({ code: 0, stderr: "" });
    expect(backup.stdout).toContain("Respaldo listo");
    expect(fs.statSync(archive).size).toBeGreaterThan(0);

    await wipe();
    t = await startApp();
    expect((await t.request({ url: `/api/events/${id}` })).statusCode).toBe(404);
    expect((await download(t, before.coverImage)).status).toBe(404);
    await t.close();

    const restore = await npmRun(["restore", "--", archive], scriptEnv());
    expect({ code: restore.code, stderr: restore.stderr.replace(/^npm warn.*\n?/gm, "") }).toEqual({ code: 0, stderr: "" });
    expect(restore.stdout).toContain("Restaurado");

    t = await startApp();
    try {
      const after = await t.request({ url: `/api/events/${id}` });
      expect(after.statusCode).toBe(200);
      expect(after.json().data).toEqual(before);
      const restoredImage = await download(t, before.coverImage);
      expect(restoredImage.status).toBe(200);
      expect(restoredImage.data.equals(image.data)).toBe(true);
      // The organizer's account came back too: they can still edit their event.
      const edit = await t.request({ method: "PUT", url: `/api/events/${id}`, headers: organizer.headers, payload: { title: "Festival restaurado" } });
      expect(edit.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it("rechaza un archivo que no es un respaldo con un mensaje claro", async () => {
    const bogus = path.join(base, "no-es-respaldo.tar");
    fs.writeFileSync(bogus, "hola");
    const result = await npmRun(["restore", "--", bogus], scriptEnv());
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("no es un respaldo de Plaza");
    const missing = await npmRun(["restore", "--", path.join(base, "no-existe.tar")], scriptEnv());
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No existe el archivo");
  });
});
