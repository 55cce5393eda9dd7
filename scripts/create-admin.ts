// Makes a registered account the MASTER (the protected owner role), or takes the role away:
//
//   npm run admin:create -- --email persona@ejemplo.mx
//   npm run admin:create -- --email persona@ejemplo.mx --remove
//
// The database comes from the same environment as the server (DATABASE_URL, else PGlite in
// DATA_DIR). PGlite allows one process at a time, so with PGlite the server must be stopped
// first; with PostgreSQL this runs while the API is up.
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "../server/db/client";
import { DatabaseLockedError } from "../server/db/lock";
import { EnvError, loadDatabaseEnv } from "../server/env";
import { createUsersRepository } from "../server/routes/users/repository";

const USAGE = "Uso: npm run admin:create -- --email <correo> [--remove]";

class ScriptError extends Error {}

function readArguments(argv: string[]): { email: string; remove: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { email: { type: "string" }, remove: { type: "boolean", default: false }, help: { type: "boolean" } } });
  } catch (error) {
    throw new ScriptError(`${(error as Error).message}\n${USAGE}`);
  }
  if (parsed.values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const email = parsed.values.email?.trim();
  if (!email) throw new ScriptError(`Falta el correo de la cuenta.\n${USAGE}`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw new ScriptError(`El correo no es válido: ${email}`);
  return { email, remove: parsed.values.remove ?? false };
}

async function main(): Promise<void> {
  const { email, remove } = readArguments(process.argv.slice(2));
  const env = loadDatabaseEnv();
  let database: Database;
  try {
    database = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl } : { dataDir: env.dataDir });
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      throw new ScriptError(
        `La base de datos PGlite de ${env.dataDir} está abierta por otro proceso (pid ${error.pid}), casi seguro el servidor de Plaza.\n` +
          "PGlite solo admite un proceso a la vez: detén el servidor (Ctrl+C en `npm start`), ejecuta este comando y vuelve a arrancarlo.\n" +
          "Con PostgreSQL (DATABASE_URL) puede ejecutarse con el servidor en marcha.",
      );
    }
    throw error;
  }

  try {
    const users = createUsersRepository(database);
    const user = await users.findByEmail(email);
    if (!user) {
      throw new ScriptError(
        `No hay ninguna cuenta registrada con el correo ${email}.\n` +
          "La persona debe registrarse primero en la app (o iniciar sesión y completar el registro); luego vuelve a ejecutar este comando.",
      );
    }
    if (remove) {
      if (user.accountType !== "MASTER") {
        console.log(`${user.name} <${user.email}> no es MASTER (es ${user.accountType}); no se cambió nada.`);
        return;
      }
      await users.setAccountType(user.id, "NORMAL");
      console.log(`Listo: ${user.name} <${user.email}> ya no es MASTER (ahora es NORMAL).`);
      return;
    }
    if (user.accountType === "MASTER") {
      console.log(`${user.name} <${user.email}> ya es MASTER; no se cambió nada.`);
      return;
    }
    await users.setAccountType(user.id, "MASTER");
    // The owner must not stay locked out by a ban someone set before.
    if (user.banEndsAt) await users.setBan(user.id, null);
    console.log(`Listo: ${user.name} <${user.email}> ahora es MASTER. Al volver a abrir la app verá el panel de administración.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ScriptError || error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("No se pudo completar la operación:", error);
  }
  process.exit(1);
});
