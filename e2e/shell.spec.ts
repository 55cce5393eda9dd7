import { expect, test, type Page } from "@playwright/test";
import { apiCall, createUser, signInIdentity, signInThroughUi } from "./support/accounts";
import { APP_SCRIPTS, holdRequests } from "./support/network";
import { appStarted, loadingView } from "./support/app";

/** Scripts the page downloads whose code contains `marker`. */
function watchScripts(page: Page, marker: string): string[] {
  const loaded: string[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    if (body.includes(marker)) loaded.push(response.url());
  });
  return loaded;
}

/** The Firebase Auth SDK: it alone names its endpoint. */
const AUTH_SDK = "identitytoolkit.googleapis.com";
/** react-hot-toast's CSS-in-JS (goober) names its style tag with this. */
const TOAST_LIBRARY = "_goober";
/** ky, the API client's HTTP library: its timeout error says this. */
const HTTP_LIBRARY = "Request timed out: ";
/** The service worker's install and update prompts (components/layout/update-toast.tsx). */
const WORKER_PROMPTS = "Nuevo contenido disponible";
/** The product's route table (lib/routes.ts), which the server and the service worker match against. */
const ROUTE_TABLE = '"/panel/users/verify"';
/** Loading the signed-in profile at startup (lib/auth/user-state.ts): what a banned account is told. */
const PROFILE_LOADING = "Tu cuenta está suspendida.";
/** Every kind's copy for its own pages (components/content/kind-copy.ts): the home shows none. */
const KIND_COPY = "¿Eliminar este evento?";
/** zod, the forms' and the API contract's schema library (its class names survive minifying). */
const ZOD = "$ZodType";

// The service worker stays blocked here (playwright.config.ts): it would answer the held scripts.
test("'Cargando...' cubre la página hasta la primera comprobación de sesión: sin sesión guardada, la página se ve antes de que lleguen sus scripts; con sesión, espera a la sesión", async ({ page }) => {
  const user = await createUser("Dolores Zertuche", "cargando");
  // Holds the app's scripts back: what shows is what the HTML and the head's inline probe do alone.
  const holdScripts = () => holdRequests(page, APP_SCRIPTS);
  /** The head's probe has answered (lib/auth/session-probe.ts). */
  const probed = () => page.evaluate(() => (window as unknown as { __plazaStoredSession: Promise<unknown> }).__plazaStoredSession);
  const loading = page.getByRole("status").filter({ hasText: "Cargando..." });

  let releaseScripts = await holdScripts();
  await page.goto("/", { waitUntil: "domcontentloaded" });
  // The view is in the page as it arrives, for whoever turns out to have a session.
  await expect(loadingView(page)).toHaveCount(1);
  expect(await probed()).toEqual({ maybe: false, marker: false });
  await expect(loading).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator("nav").first()).toBeVisible();
  // Nothing of the app ran: the view still stands in the document, stepped aside by the probe.
  await expect(loadingView(page)).toHaveCount(1);
  releaseScripts();
  await appStarted(page);
  await expect(page).toHaveTitle(/Plaza/);

  await signInThroughUi(page, user);
  releaseScripts = await holdScripts();
  await page.goto("/", { waitUntil: "domcontentloaded" });
  expect(await probed()).toMatchObject({ maybe: true });
  // Someone may be signed in: only the SDK can say, and it comes with the scripts.
  await expect(loading).toBeVisible();
  releaseScripts();
  await appStarted(page);
  await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Perfil" }).click();
  await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
});

test.describe("El armazón de la app", () => {
  // The service worker, which playwright.config.ts blocks for other journeys: the app's shell
  // includes it (installable, and what it keeps).
  test.use({ serviceWorkers: "allow" });

  test("la navegación principal sigue el orden inicio, búsqueda, noticias, notificaciones, perfil", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    const links = nav.getByRole("link");
    await expect(links).toHaveCount(5);
    const hrefs = await links.evaluateAll((els) => els.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
    expect(hrefs).toEqual(["/", "/search/", "/news/", "/notifications/", "/profile/"]);
    await expect(links.nth(0)).toHaveAttribute("aria-current", "page");
    await links.nth(2).click();
    await expect(page).toHaveURL(/\/news\/$/);
    await expect(nav.getByRole("link").nth(2)).toHaveAttribute("aria-current", "page");
  });

  test("la navegación se muestra abajo en teléfonos y al costado en escritorio", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Navegación principal" });
    const phone = await nav.boundingBox();
    expect(phone).not.toBeNull();
    expect(phone!.y + phone!.height).toBeGreaterThan(844 - 2);
    expect(phone!.width).toBeGreaterThan(380);

    await page.setViewportSize({ width: 1280, height: 800 });
    const desktop = await nav.boundingBox();
    expect(desktop).not.toBeNull();
    expect(desktop!.x).toBeLessThan(5);
    expect(desktop!.height).toBeGreaterThan(600);
  });

  test("el manifiesto y el service worker hacen la app instalable", async ({ page, request }) => {
    await page.goto("/");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(manifestHref).toBeTruthy();
    const manifest = await (await request.get(manifestHref!)).json();
    expect(manifest.start_url).toBe("/");
    expect(manifest.display).toBe("standalone");
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === "512x512")).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(new URL("/", page.url()).href);
    const sw = await request.get("/sw.js");
    expect(sw.status()).toBe(200);
    expect(sw.headers()["cache-control"]).toContain("no-cache");
  });

  test("una página de evento no descarga por adelantado las páginas a las que enlaza ni el código de los formularios", async ({ page }) => {
    await page.goto("/");
    const firstEvent = page.locator("#contenido article a[href^='/events/']").first();
    const href = await firstEvent.getAttribute("href");
    expect(href).toMatch(/^\/events\/[^/]+\/?$/);
    // Its author, its place and "Inicia sesión" are links: none of their payloads or scripts
    // may be fetched while the page loads on a phone's data plan.
    const otherPages: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("_rsc=")) otherPages.push(request.url());
    });
    const schemas = watchScripts(page, ZOD);
    await page.goto(href!);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("#contenido a[href^='/profile/']").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(otherPages).toEqual([]);
    expect(schemas).toEqual([]);
  });

  test("la primera carga del inicio no trae la biblioteca de mensajes, la de peticiones, los avisos del service worker, la tabla de rutas, la carga del perfil ni los textos de cada tipo, y el inicio se llena igual", async ({ page, request }) => {
    const html = await (await request.get("/")).text();
    const scripts = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g)].map((match) => match[1]!);
    expect(scripts.length).toBeGreaterThan(3);
    const withLibrary: string[] = [];
    for (const src of scripts) {
      const code = await (await request.get(src)).text();
      if ([TOAST_LIBRARY, HTTP_LIBRARY, WORKER_PROMPTS, ROUTE_TABLE, PROFILE_LOADING, KIND_COPY].some((marker) => code.includes(marker))) withLibrary.push(src);
    }
    expect(withLibrary).toEqual([]);

    // The HTTP library comes on its own, once, and the home's lists are read through it.
    const http = watchScripts(page, HTTP_LIBRARY);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toBeVisible();
    expect(http).toHaveLength(1);
  });

  test("los datos de fechas del navegador se cargan en otro hilo desde el principio y las fechas se muestran", async ({ page, request }) => {
    // components/layout/intl-warmup.tsx: a throwaway worker started from the head loads ICU's
    // data for the whole renderer, so neither the first paint nor the first date formatted on the
    // main thread waits for it.
    const html = await (await request.get("/")).text();
    const warmUp = html.indexOf("new Worker(");
    expect(warmUp).toBeGreaterThan(-1);
    expect(warmUp).toBeLessThan(html.indexOf("</head>"));

    const blocked: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|inline script|Refused/i.test(message.text())) blocked.push(message.text());
    });
    const closed: string[] = [];
    page.on("worker", (worker) => worker.on("close", () => closed.push(worker.url())));
    await page.goto("/");
    // "sáb 21 de nov · 20:00" or "En curso · hasta el 19 de dic": dates formatted with that data.
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toContainText(/\d{1,2} de [a-z]{3}/);
    // The worker ran and let itself go (it closes when its formats are done).
    await expect.poll(() => closed.filter((url) => url.startsWith("blob:")).length).toBe(1);
    expect(blocked).toEqual([]);
  });

  test("el navegador compila mientras descarga los scripts de la primera carga, no los que llegan después", async ({ page, request }) => {
    // scripts/lib/compile-hints.mjs: V8's compile hint on the scripts each page names, so their
    // compilation leaves the long task before hydration; lazy code keeps compiling on demand.
    const HINT = "//# allFunctionsCalledOnLoad\n";
    const html = await (await request.get("/")).text();
    const firstLoad = [...html.matchAll(/<script\b[^>]*\bsrc="(\/_next\/static\/[^"]+\.js)"/g)].map(([, src]) => src);
    expect(firstLoad.length).toBeGreaterThan(3);
    for (const src of firstLoad) expect({ src, hinted: (await (await request.get(src)).text()).startsWith(HINT) }).toEqual({ src, hinted: true });

    const sdk = watchScripts(page, AUTH_SDK);
    await page.goto("/");
    await expect(page.getByRole("region", { name: "Hoy" }).getByRole("article").first()).toBeVisible();
    const user = await createUser("Rebeca Ibarra", "pista-compilacion");
    await signInThroughUi(page, user);
    expect(sdk.length).toBeGreaterThan(0);
    for (const url of sdk) expect({ url, hinted: (await (await request.get(url)).text()).startsWith(HINT) }).toEqual({ url, hinted: false });
  });

  test("un visitante anónimo no descarga el código de inicio de sesión ni espera al navegador por el almacenamiento web; quien inicia sesión la conserva al volver", async ({ page }) => {
    // Sign-up, sign-in and three page loads: more than one page's worth of time.
    test.slow();
    const sdk = watchScripts(page, AUTH_SDK);
    // The first read of localStorage or sessionStorage on a page waits for the browser process:
    // the start-up asks IndexedDB and the address instead (lib/auth/stored-session.ts).
    await page.addInitScript(() => {
      const reads: string[] = [];
      Object.assign(window, { __webStorageReads: reads });
      for (const name of ["localStorage", "sessionStorage"] as const) {
        const own = Object.getOwnPropertyDescriptor(window, name);
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            reads.push(name);
            return own?.get?.call(window) as Storage;
          },
        });
      }
    });
    // Nor the other pages' payloads: links do not prefetch during the first load.
    const otherPages: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("_rsc=")) otherPages.push(request.url());
    });
    await page.goto("/");
    await appStarted(page);
    await expect(page.locator("h1")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(sdk).toEqual([]);
    expect(otherPages).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __webStorageReads: string[] }).__webStorageReads)).toEqual([]);

    const user = await createUser("Irene Carmona", "sdk-perezoso");
    await signInThroughUi(page, user);
    expect(sdk.length).toBeGreaterThan(0);
    await page.goto("/");
    await page.getByRole("navigation", { name: "Navegación principal" }).getByRole("link", { name: "Perfil" }).click();
    await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
  });
});


test.describe("La primera visita a un detalle", () => {
  // As someone arriving from a shared link: no service worker yet, the server answers the page.
  test.use({ serviceWorkers: "block" });

  test("la página de un evento pide su evento una sola vez, junto con sus scripts", async ({ page, request }) => {
    const list = await request.get("/api/events?when=upcoming&limit=1");
    const [event] = ((await list.json()) as { data: { items: { _id: string; title: string }[] } }).data.items;
    expect(event).toBeDefined();
    const itemPath = `/api/events/${encodeURIComponent(event!._id)}`;
    const reads: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === itemPath) reads.push(r.url());
    });
    const response = await page.goto(`/events/${encodeURIComponent(event!._id)}/`);
    expect(response?.headers().link).toBe(`<${itemPath}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    await expect(page.getByRole("heading", { level: 1, name: event!.title })).toBeVisible();
    await page.waitForLoadState("networkidle");
    // The page's own request took the preloaded answer instead of going out again.
    expect(reads).toHaveLength(1);
  });

  test("con sesión, la página muestra lo que ve quien la abre, nunca lo de todos, y pide cada cosa una vez", async ({ page }) => {
    const owner = await createUser("Olivia Garza", "precarga-con-sesion");
    const created = await apiCall("POST", "/communities", {
      token: (await signInIdentity(owner.email)).idToken,
      body: { name: `Club de lectura ${Date.now().toString(36)}`, description: "Novela negra el último jueves del mes." },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const communityId = (created.body!.data as { _id: string })._id;
    await signInThroughUi(page, owner);

    // The server cannot tell who opens the page, so its preloaded answer is everyone's: a visitor's
    // "Unirme" must not show to the owner, not even for a moment.
    await page.addInitScript(() => {
      const page = window as unknown as { joinOffered: boolean };
      page.joinOffered = false;
      new MutationObserver(() => {
        if (Array.from(document.querySelectorAll("button")).some((button) => button.textContent?.trim() === "Unirme")) page.joinOffered = true;
        // characterData: React may keep the button and change only its text.
      }).observe(document, { childList: true, characterData: true, subtree: true });
    });
    const personal: string[] = [];
    page.on("request", async (r) => {
      const url = new URL(r.url());
      if (r.resourceType() !== "fetch" || !/^\/api\/(communities|events|news)\b/.test(url.pathname)) return;
      if ((await r.allHeaders()).authorization) personal.push(`${url.pathname}${url.search}`);
    });
    const response = await page.goto(`/communities/${communityId}/`);
    expect(response?.headers().link).toBe(`</api/communities/${communityId}>; rel=preload; as=fetch; crossorigin=use-credentials`);
    await expect(page.getByText("1 miembro · Tu rol: Propietario")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => (window as unknown as { joinOffered: boolean }).joinOffered)).toBe(false);
    // Asked for once each, as the person signed in: the item, its events and its news. The two
    // lists go out after the page mounts; on a slow machine (CI, 30/11) that came after the 500 ms
    // of quiet networkidle waits for. Waited for, then given time to repeat.
    const expected = [
      `/api/communities/${communityId}`,
      `/api/events?communityId=${communityId}&when=upcoming&limit=20`,
      `/api/news?communityId=${communityId}&limit=20`,
    ].sort();
    await expect.poll(() => [...personal].sort()).toEqual(expected);
    await page.waitForTimeout(1500);
    expect([...personal].sort()).toEqual(expected);
  });
});
