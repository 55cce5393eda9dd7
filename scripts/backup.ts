// Backs up or restores a Plaza instance (database + local images) as one archive:
//
//   npm run backup -- respaldo.tar
//   npm run restore -- respaldo.tar
//
// The database comes from the same environment as the server (DATABASE_URL, else PGlite in
// DATA_DIR); images from UPLOADS_DIR (S3 buckets are backed up on the storage side). With PGlite
// the server must be stopped first (one process at a time). See docs/operations/respaldo.md.
import { BackupError, createBackup, restoreBackup } from "../server/db/backup";
import { EnvError, loadEnv } from "../server/env";

const USAGE = "Uso: npm run backup -- <archivo.tar>  |  npm run restore -- <archivo.tar>";

async function main(): Promise<void> {
  const [command, file, ...rest] = process.argv.slice(2);
  if ((command !== "create" && command !== "restore") || !file || file.startsWith("-") || rest.length > 0) throw new BackupError(USAGE);
  const env = loadEnv();

  if (command === "create") {
    const manifest = await createBackup(env, file);
    const images =
      manifest.images === "local"
        ? `${manifest.imageFiles} archivos de imagen`
        : "sin imágenes: están en el bucket S3, respáldalo con las herramientas del proveedor";
    console.log(`Respaldo listo en ${file}: base ${manifest.database === "pglite" ? "PGlite" : "PostgreSQL"}, ${images}.`);
    return;
  }

  const result = await restoreBackup(env, file);
  console.log(`Restaurado el respaldo del ${result.manifest.createdAt} (${result.manifest.imageFiles} archivos de imagen).`);
  for (const folder of result.keptAside) console.log(`Los datos anteriores quedaron en ${folder}; bórralos cuando compruebes la restauración.`);
  if (result.imagesSkipped) {
    console.log("Las imágenes del respaldo no se copiaron: la configuración actual guarda las imágenes en S3. Súbelas al bucket desde la carpeta uploads/ del archivo.");
  }
  console.log("Arranca el servidor para usarla.");
}

main().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof EnvError) {
    console.error(error.message);
  } else {
    console.error("No se pudo completar la operación:", error);
  }
  process.exit(1);
});
