import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "../db/client";
import { MIGRATIONS_DIR } from "../db/migrate";
import { createPglite } from "../db/pglite-loader";

// Every test file opens fresh in-memory PGlite databases; an empty cluster (initdb) plus the
// migrations costs about 4 s each, a copy of a migrated one about 1.5 s. The migrated copy is
// dumped once into the system's temp folder, named by the migrations' contents and PGlite's
// version, so a changed migration makes a new one and parallel runs share it safely.

function templateName(): string {
  const hash = createHash("sha256");
  const { version } = JSON.parse(fs.readFileSync(path.join(__dirname, "../../node_modules/@electric-sql/pglite/package.json"), "utf8")) as { version: string };
  hash.update(version);
  for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  return `plaza-pglite-migrated-${hash.digest("hex").slice(0, 16)}.tar`;
}

/** The migrated database as a PGlite dump, made on first use. */
export async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), templateName());
  if (!fs.existsSync(file)) {
    // Migrated in a data folder of its own, then dumped from it.
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "plaza-pglite-template-"));
    try {
      await (await openDatabase({ dataDir: folder })).close();
      const pglite = await createPglite(path.join(folder, "pglite"));
      const dump = await pglite.dumpDataDir("none");
      await pglite.close();
      // Written aside and renamed: a reader never sees half a file.
      const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
      fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      fs.renameSync(partial, file);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }
  return new Blob([fs.readFileSync(file)]);
}
