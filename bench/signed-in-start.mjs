// What the API is asked when someone signed in opens the app on a page: each read the page makes,
// and how many of them went out more than once. The floor is in the same run: every distinct read
// asked for once. A read asked twice costs the phone a round trip and the server a query for
// nothing, and its second answer may replace a first one the person was already looking at.
//
//   npm run build
//   # with the Auth emulator on 127.0.0.1:9099
//   node bench/signed-in-start.mjs [--out <a copy of out/>] [--list]
//
// Each page is opened twice by a person just signed in (through /login-email, in a browser context
// of her own, no service worker: as after following a shared link): "primera", with nothing of it
// in the app's cache, and "de nuevo", two seconds later, when the cache saved on the device holds
// the first visit's answers. Counted: the API requests the page's code makes (fetch) and the one
// the server's `Link: rel=preload` starts (a detail page), from the navigation until the network
// is idle. `--out` serves another build (a copy of out/ from an older commit) to compare.

import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { registeredAccount } from "./lib/accounts.mjs";
import { startServer } from "./lib/app-server.mjs";
import { launchChromium, PHONE_SCREEN } from "./lib/phone.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// --list: every read of each visit, in the order asked.
const { values } = parseArgs({ options: { out: { type: "string", default: path.join(ROOT, "out") }, list: { type: "boolean", default: false } } });

const server = await startServer({ staticDir: path.resolve(values.out) });
const browser = await launchChromium();
try {
  const account = await registeredAccount(server.base, "Lectora de prueba");
  const first = async (apiPath) => (await (await fetch(`${server.base}/api${apiPath}`)).json()).data.items[0]._id;
  const pages = [
    { name: "inicio", url: "/" },
    { name: "explorar", url: "/explore/" },
    { name: "un evento", url: `/events/${await first("/events?when=upcoming&limit=1")}/` },
    { name: "una comunidad", url: `/communities/${await first("/communities?limit=1")}/` },
  ];

  const rows = [];
  for (const target of pages) {
    const context = await browser.newContext({ ...PHONE_SCREEN, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(`${server.base}/login-email/`);
    await page.getByLabel("Correo electrónico").fill(account.email);
    await page.getByLabel("Contraseña", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Iniciar sesión" }).click();
    await page.waitForURL(/\/profile\/$/, { timeout: 60_000 });
    await page.waitForLoadState("networkidle");

    for (const visit of ["primera", "de nuevo"]) {
      const reads = [];
      const record = (request) => {
        const url = new URL(request.url());
        if (!url.pathname.startsWith("/api/") || !["fetch", "other"].includes(request.resourceType())) return;
        // The notification stream's ticket and the stream itself are a connection, not a read.
        if (url.pathname.startsWith("/api/notifications/stream")) return;
        reads.push(`${request.method()} ${url.pathname}${url.search}${request.resourceType() === "other" ? " (precarga)" : ""}`);
      };
      page.on("request", record);
      await page.goto(`${server.base}${target.url}`);
      await page.waitForLoadState("networkidle");
      page.off("request", record);
      const distinct = new Set(reads);
      const repeated = [...distinct].filter((read) => reads.filter((r) => r === read).length > 1);
      rows.push({ page: target.name, visit, asked: reads.length, distinct: distinct.size, repeated, reads });
      // The app saves its cache on the device at most once a second.
      await page.waitForTimeout(2000);
    }
    await context.close();
  }

  console.log(`Build: ${values.out}`);
  console.log("Página          Visita     Peticiones  Piso (distintas)  Repetidas");
  for (const row of rows) {
    console.log(`${row.page.padEnd(15)} ${row.visit.padEnd(10)} ${String(row.asked).padStart(10)}  ${String(row.distinct).padStart(16)}  ${row.repeated.join(", ") || "—"}`);
    if (values.list) for (const read of row.reads) console.log(`    ${read}`);
  }
} finally {
  await browser.close();
  await server.stop();
}
