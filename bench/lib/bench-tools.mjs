// Lighthouse and autocannon are only for measuring, so they live in bench/package.json and
// `npm install` at the root (a clone's first command) skips their ~170 packages. A bench that
// needs them says how to install them instead of failing on a missing module.
export async function benchTool(name) {
  try {
    return await import(name);
  } catch (error) {
    if (error?.code !== "ERR_MODULE_NOT_FOUND") throw error;
    console.error(`Esta medición usa ${name}, que se instala aparte: npm install --prefix bench`);
    process.exit(1);
  }
}
