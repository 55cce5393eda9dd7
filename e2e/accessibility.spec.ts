import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DYNAMIC_ROUTES, STATIC_ROUTES, type DynamicRoute, type StaticRoute } from "../lib/routes";
import { pathFor } from "../lib/paths";
import { ADMIN, ORGANIZER, api, signIn, tokenFor } from "./content/support";
import { appStarted } from "./support/app";

// Every page of the route table passes axe's WCAG 2.0/2.1 A and AA rules once its content has
// loaded: public pages signed out, personal pages as a signed-in person, the panel as an admin,
// dynamic pages with ids of the demo seed. One browser context per role, signed in once.

// WCAG 2.0/2.1 A and AA, plus axe's best practices (heading order, landmarks), which Lighthouse's
// accessibility score also counts.
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

type Role = "anonymous" | "person" | "admin";

const PUBLIC_STATIC: ReadonlySet<StaticRoute> = new Set(["/", "/login", "/login-email", "/register", "/news", "/search", "/explore", "/privacyPolicy", "/termsAndConditions"]);
const PUBLIC_DYNAMIC: ReadonlySet<DynamicRoute> = new Set(["/communities/[communityId]", "/events/[eventId]", "/places/[placeId]", "/news/[newsId]", "/profile/[profileId]"]);
// Places are edited by their author or an admin; the demo places are the admins'.
const ADMIN_DYNAMIC: ReadonlySet<DynamicRoute> = new Set(["/places/[placeId]/edit"]);

function roleOfStatic(route: StaticRoute): Role {
  if (route.startsWith("/panel")) return "admin";
  return PUBLIC_STATIC.has(route) ? "anonymous" : "person";
}

function roleOfDynamic(route: DynamicRoute): Role {
  if (ADMIN_DYNAMIC.has(route)) return "admin";
  return PUBLIC_DYNAMIC.has(route) ? "anonymous" : "person";
}

/** Ids of the demo seed the signed-in person (the demo organiser) may edit, plus an address of theirs. */
async function seededIds(): Promise<Record<string, string>> {
  const token = await tokenFor(ORGANIZER);
  const editable = async (path: string) => {
    const answer = await api<{ items: { _id: string; canEdit: boolean }[] }>("GET", path, { token, query: { limit: "50" } });
    expect(answer.status, answer.message).toBe(200);
    const item = answer.data.items.find((x) => x.canEdit);
    if (!item) throw new Error(`${path}: el organizador no puede editar ningún elemento`);
    return item._id;
  };
  // A failed test restarts the worker and this runs again: reuse the address made the first time.
  const saved = await api<{ items: { _id: string }[] }>("GET", "/addresses", { token });
  let addressId = saved.data.items[0]?._id;
  if (!addressId) {
    const address = await api<{ _id: string }>("POST", "/addresses", {
      token,
      body: { label: "Casa", street: "Calle General Cepeda", number: "120", neighbourhood: "Zona Centro", city: "Saltillo", state: "Coahuila", postalCode: "25000" },
    });
    expect(address.status, address.message).toBe(201);
    addressId = address.data._id;
  }
  // Something in the reports queue (/panel/reports): the organiser reports a demo place, which
  // is the admins'. A repeat (a restarted worker) only updates the same open report.
  const filed = await api("POST", "/reports", {
    token,
    body: { targetKind: "place", targetId: "teatro-fernando-soler", reason: "other", text: "El horario publicado no coincide con el de la taquilla." },
  });
  expect([200, 201], filed.message).toContain(filed.status);
  return {
    addressId,
    communityId: "cineclub-del-ateneo",
    eventId: await editable("/events"),
    placeId: "teatro-fernando-soler",
    newsId: await editable("/news"),
    profileId: ORGANIZER.uid!,
  };
}

function dynamicPath(route: DynamicRoute, ids: Record<string, string>): string {
  const param = /\[([^\]]+)\]/.exec(route)![1]!;
  return pathFor(route, ids[param]!);
}

/** Waits until the page shows its content: no start-up view, no skeleton, a heading. */
async function waitForContent(page: Page) {
  await appStarted(page);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator("h1").first()).toBeVisible();
}

async function expectNoViolations(page: Page, path: string) {
  // Legacy mode runs axe in the page itself instead of gathering each frame's part in a blank tab
  // it opens for every check: a tab costs ~0.5 s on these machines and the whole check took twice
  // as long (1.4–4.8 s a route against 0.7–3.5). Its one loss, frames of another origin, does not
  // apply: Plaza's pages have no frames.
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  const report = results.violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")}`).join("\n")}`)
    .join("\n");
  // The rule ids in the diff, the selectors of each offending element in the message.
  expect(results.violations.map((v) => v.id), `Infracciones de accesibilidad en ${path}:\n${report}`).toEqual([]);
}

const pages: { path: string; role: Role; ids?: true }[] = [
  ...STATIC_ROUTES.map((route) => ({ path: route === "/" ? "/" : `${route}/`, role: roleOfStatic(route) })),
  // The search once more with results on the page.
  { path: "/search/?q=concierto", role: "anonymous" as const },
  ...DYNAMIC_ROUTES.map((route) => ({ path: route, role: roleOfDynamic(route), ids: true as const })),
];

test.describe("Accesibilidad (axe, WCAG 2.1 AA) de cada ruta de la tabla", () => {
  // One signed-in tab per role, kept across the tests (a new tab would boot the app again).
  const contexts = new Map<Role, { context: BrowserContext; page: Page }>();
  let ids: Record<string, string> = {};

  async function pageAs(browser: Browser, role: Role): Promise<Page> {
    let open = contexts.get(role);
    if (!open) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (role !== "anonymous") await signIn(page, role === "admin" ? ADMIN : ORGANIZER);
      open = { context, page };
      contexts.set(role, open);
    }
    return open.page;
  }

  test.beforeAll(async () => {
    ids = await seededIds();
  });

  test.afterAll(async () => {
    for (const { context } of contexts.values()) await context.close();
  });

  for (const entry of pages) {
    test(`${entry.path} (${entry.role})`, async ({ browser }) => {
      const path = entry.ids ? dynamicPath(entry.path as DynamicRoute, ids) : entry.path;
      const page = await pageAs(browser, entry.role);
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await waitForContent(page);
      await expectNoViolations(page, path);
    });
  }
});
