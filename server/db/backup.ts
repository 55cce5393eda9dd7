import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import * as tar from "tar";
import { z } from "zod";
import type { Env } from "../env";
import { acquireFolderLock, DatabaseLockedError, type FolderLock } from "./lock";
import { createPglite } from "./pglite-loader";

// One archive (a plain tar: the database dump and WebP images are already compressed) holding
// everything an instance needs: `plaza-respaldo.json` (what it is), `database/` (a PGlite
// dumpDataDir tarball or a pg_dump custom-format file) and `uploads/` (local images). With S3
// storage the images stay in the bucket and are backed up there.

const MANIFEST = "plaza-respaldo.json";
const PGLITE_DUMP = "database/pglite.tar.gz";
const POSTGRES_DUMP = "database/postgres.dump";

const manifestSchema = z.object({
  format: z.literal("plaza-respaldo"),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.enum(["pglite", "postgres"]),
  images: z.enum(["local", "s3"]),
  imageFiles: z.number().int(),
});
type BackupManifest = z.infer<typeof manifestSchema>;

/** A failure the operator can act on; the CLI prints its message alone. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

export type BackupEnv = Pick<Env, "databaseUrl" | "dataDir" | "storage">;

const run = promisify(execFile);

async function runPgTool(tool: "pg_dump" | "pg_restore", args: string[]): Promise<void> {
  try {
    await run(tool, args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new BackupError(`No se encontró ${tool}. Instala el cliente de PostgreSQL (misma versión mayor que el servidor o más nueva) y vuelve a intentarlo.`);
    }
    throw new BackupError(`${tool} falló:\n${(failure.stderr ?? failure.message).trim()}`);
  }
}

function lockPglite(dataDir: string): FolderLock {
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    return acquireFolderLock(path.join(dataDir, "pglite.lock"));
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    throw new BackupError(
      `La base PGlite de ${dataDir} está abierta por otro proceso (pid ${error.pid}), casi seguro el servidor de Plaza.\n` +
        "Detén el servidor (Ctrl+C en `npm start`), ejecuta el comando y vuelve a arrancarlo.",
    );
  }
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => entry.name);
}

function stamp(): string {
  return new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
}

/** Writes the archive at `file` (replaced atomically: a failed backup never leaves half a file). */
export async function createBackup(env: BackupEnv, file: string): Promise<BackupManifest> {
  const target = path.resolve(file);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-respaldo-"));
  const partial = `${target}.${process.pid}.parcial`;
  let lock: FolderLock | null = null;
  try {
    fs.mkdirSync(path.join(staging, "database"));
    if (env.databaseUrl) {
      // pg_dump reads one consistent snapshot, so the API may keep running.
      await runPgTool("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${path.join(staging, POSTGRES_DUMP)}`, `--dbname=${env.databaseUrl}`]);
    } else {
      lock = lockPglite(env.dataDir);
      const folder = path.join(env.dataDir, "pglite");
      if (!fs.existsSync(path.join(folder, "PG_VERSION"))) throw new BackupError(`No hay una base PGlite en ${folder}.`);
      const db = await createPglite(folder);
      try {
        const dump = await db.dumpDataDir("gzip");
        fs.writeFileSync(path.join(staging, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await db.close();
      }
    }

    const uploadsDir = env.storage.kind === "local" ? env.storage.dir : null;
    const images = uploadsDir ? listFiles(uploadsDir) : [];
    const manifest: BackupManifest = {
      format: "plaza-respaldo",
      version: 1,
      createdAt: new Date().toISOString(),
      database: env.databaseUrl ? "postgres" : "pglite",
      images: env.storage.kind,
      imageFiles: images.length,
    };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);

    fs.mkdirSync(path.dirname(target), { recursive: true });
    await tar.create({ file: partial, cwd: staging, portable: true }, [MANIFEST, "database"]);
    if (uploadsDir && images.length > 0) {
      await tar.replace({ file: partial, cwd: uploadsDir, prefix: "uploads", portable: true }, fs.readdirSync(uploadsDir));
    }
    fs.renameSync(partial, target);
    return manifest;
  } finally {
    lock?.release();
    fs.rmSync(partial, { force: true });
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

async function readArchive(file: string, into: string): Promise<BackupManifest> {
  if (!fs.existsSync(file)) throw new BackupError(`No existe el archivo ${file}.`);
  try {
    await tar.extract({ file, cwd: into, strict: true, filter: (entry) => entry === MANIFEST || entry.startsWith("database/") });
  } catch {
    throw new BackupError(`${file} no es un respaldo de Plaza (no se pudo leer como archivo tar).`);
  }
  let raw: unknown = null;
  try {
    raw = JSON.parse(fs.readFileSync(path.join(into, MANIFEST), "utf8"));
  } catch {
    /* reported below */
  }
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupError(`${file} no es un respaldo de Plaza (falta o no es válido ${MANIFEST}).`);
  return parsed.data;
}

/** Puts `fresh` where `current` is; an existing `current` is kept aside, never deleted. */
function swapIn(fresh: string, current: string, suffix: string): string | null {
  let keptAt: string | null = null;
  if (fs.existsSync(current) && fs.readdirSync(current).length > 0) {
    keptAt = `${current}.antes-${suffix}`;
    fs.renameSync(current, keptAt);
  } else {
    fs.rmSync(current, { recursive: true, force: true });
  }
  fs.renameSync(fresh, current);
  return keptAt;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Folders that held the previous data, moved aside. */
  keptAside: string[];
  /** Set when the archive's images could not be put anywhere (S3 storage now). */
  imagesSkipped: boolean;
}

/**
 * Replaces the database (and local images) with the archive's. PGlite: the server must be
 * stopped (its lock is taken). PostgreSQL: the dumped objects are dropped and recreated in one
 * transaction; stop the API first so nobody writes in between.
 */
export async function restoreBackup(env: BackupEnv, file: string): Promise<RestoreResult> {
  const source = path.resolve(file);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-restaurar-"));
  const suffix = stamp();
  const keptAside: string[] = [];
  let lock: FolderLock | null = null;
  try {
    const manifest = await readArchive(source, staging);
    const engine = env.databaseUrl ? "postgres" : "pglite";
    if (manifest.database !== engine) {
      throw new BackupError(
        manifest.database === "pglite"
          ? "El respaldo es de PGlite pero DATABASE_URL apunta a PostgreSQL: restáuralo sin DATABASE_URL."
          : "El respaldo es de PostgreSQL pero no hay DATABASE_URL: define la base de destino en DATABASE_URL.",
      );
    }

    if (env.databaseUrl) {
      await runPgTool("pg_restore", [
        "--clean",
        "--if-exists",
        "--no-owner",
        "--no-privileges",
        "--single-transaction",
        "--exit-on-error",
        `--dbname=${env.databaseUrl}`,
        path.join(staging, POSTGRES_DUMP),
      ]);
    } else {
      lock = lockPglite(env.dataDir);
      const folder = path.join(env.dataDir, "pglite");
      const fresh = `${folder}.restaurando-${suffix}`;
      const db = await createPglite(fresh, { loadDataDir: new Blob([fs.readFileSync(path.join(staging, PGLITE_DUMP))]) });
      try {
        await db.query("SELECT 1");
      } finally {
        await db.close();
      }
      const kept = swapIn(fresh, folder, suffix);
      if (kept) keptAside.push(kept);
    }

    let imagesSkipped = false;
    if (manifest.images === "local" && manifest.imageFiles > 0) {
      if (env.storage.kind !== "local") {
        imagesSkipped = true;
      } else {
        const uploadsDir = env.storage.dir;
        const fresh = `${uploadsDir}.restaurando-${suffix}`;
        fs.mkdirSync(fresh, { recursive: true });
        await tar.extract({ file: source, cwd: fresh, strip: 1, filter: (entry) => entry.startsWith("uploads/") });
        const kept = swapIn(fresh, uploadsDir, suffix);
        if (kept) keptAside.push(kept);
      }
    }
    return { manifest, keptAside, imagesSkipped };
  } finally {
    lock?.release();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
