// @database-independent: always a PGlite folder of its own (scripts/test.mjs runs it in one API run).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, jest } from "@jest/globals";
import { openDatabase } from "../client";
import { acquireFolderLock, DatabaseLockedError } from "../lock";

// The lock guards PGlite's data folder, so these tests always use PGlite on disk, whatever
// DATABASE_URL says.

// Each PGlite folder is initialised from scratch (several seconds on a busy machine).
jest.setTimeout(60_000);

function deadPid(): number {
  // A process that has already exited: its pid is free, exactly what a crashed server leaves.
  const child = spawnSync(process.execPath, ["-e", ""]);
  if (!child.pid) throw new Error("no se pudo lanzar el proceso auxiliar");
  return child.pid;
}

describe("candado de la carpeta de PGlite", () => {
  let dataDir: string;

  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-lock-"));
  });
  afterEach(() => {
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("el candado mismo: uno a la vez, y libre al soltarlo", () => {
    const lockPath = path.join(dataDir, "pglite.lock");
    const lock = acquireFolderLock(lockPath);
    expect(() => acquireFolderLock(lockPath)).toThrow(DatabaseLockedError);
    lock.release();
    expect(fs.existsSync(lockPath)).toBe(false);
    acquireFolderLock(lockPath).release();
  });

  it("rechaza una segunda apertura de la misma carpeta y la permite al cerrar la primera", async () => {
    const first = await openDatabase({ dataDir });
    const lockPath = path.join(dataDir, "pglite.lock");
    try {
      expect(fs.readFileSync(lockPath, "utf8").trim()).toBe(String(process.pid));
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        `La base de datos ya está abierta por otro proceso (pid ${process.pid})`,
      );
      // The refused opener must not have taken or removed the holder's lock.
      expect(fs.readFileSync(lockPath, "utf8").trim()).toBe(String(process.pid));
      await first.query("INSERT INTO users (id, name, email) VALUES ('u1', 'Ana', 'ana@plaza.test')");
    } finally {
      await first.close();
    }
    expect(fs.existsSync(lockPath)).toBe(false);

    const second = await openDatabase({ dataDir });
    try {
      // Same folder, same data: the lock protected a real, persistent database.
      const rows = await second.query<{ name: string }>("SELECT name FROM users WHERE id = 'u1'");
      expect(rows).toEqual([{ name: "Ana" }]);
    } finally {
      await second.close();
    }
  });

  it("toma un candado huérfano cuyo proceso ya no existe", async () => {
    const lockPath = path.join(dataDir, "pglite.lock");
    const stalePid = deadPid();
    fs.writeFileSync(lockPath, `${stalePid}\n`);

    const database = await openDatabase({ dataDir });
    try {
      expect(fs.readFileSync(lockPath, "utf8").trim()).toBe(String(process.pid));
    } finally {
      await database.close();
    }
    expect(fs.existsSync(lockPath)).toBe(false);
  });

  it("respeta el candado de otro proceso vivo", async () => {
    const lockPath = path.join(dataDir, "pglite.lock");
    // Our parent is alive for the whole test and is not us.
    fs.writeFileSync(lockPath, `${process.ppid}\n`);
    await expect(openDatabase({ dataDir })).rejects.toThrow(`La base de datos ya está abierta por otro proceso (pid ${process.ppid})`);
    expect(fs.readFileSync(lockPath, "utf8").trim()).toBe(String(process.ppid));
  });
});
