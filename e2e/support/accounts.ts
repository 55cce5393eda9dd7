import { expect, type BrowserContext, type Page } from "@playwright/test";
import { E2E_PORT } from "./server";
import { appStarted } from "./app";

// Accounts for the end-to-end journeys: identities made through the Auth emulator's REST API,
// profiles through our API, and sign-in through the app's own screens.

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"}`;
const API_KEY = "demo-api-key";
export const API_URL = `http://127.0.0.1:${E2E_PORT}/api`;

/** Meets the password policy (8+ characters, upper and lower case, a number). */
export const TEST_PASSWORD = "Plaza-Prueba-2026";

/** Demo accounts the server seeds (server/db/seed.ts) in the emulator and the database. */
export const DEMO_ADMIN = { email: "admin@plaza.local", password: "Plaza-Admin-2026!", uid: "demo-admin" } as const;
export const DEMO_MASTER = { email: "maestro@plaza.local", password: "Plaza-Maestro-2026!", uid: "demo-maestro" } as const;

let counter = 0;
/** An email no earlier run has used (the emulator outlives test runs). */
export function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 6)}@e2e.plaza.local`;
}

interface IdentityAnswer {
  localId: string;
  idToken: string;
}

async function emulatorCall(path: string, body: unknown): Promise<IdentityAnswer> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/${path}?key=${API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as IdentityAnswer & { error?: { message: string } };
  if (!response.ok) throw new Error(`Emulador de Auth (${path}): ${json.error?.message ?? response.status}`);
  return json;
}

const PROJECT_ID = process.env.FIREBASE_PROJECT_ID ?? "demo-plaza";

/** Marks the identity's email verified, as following the verification link long ago would have. */
export async function markEmailVerified(uid: string): Promise<void> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/projects/${PROJECT_ID}/accounts:update`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer owner" },
    body: JSON.stringify({ localId: uid, emailVerified: true }),
  });
  if (!response.ok) throw new Error(`Emulador de Auth (accounts:update): ${response.status}`);
}

/**
 * A new email/password identity in the emulator. Its email is verified unless `emailVerified:
 * false`: publishing needs it (docs/authorization.md#unverified-email), and most journeys are
 * about something else. The token returned is taken after that, so it carries the claim.
 */
export async function createIdentity(email: string, password = TEST_PASSWORD, displayName?: string, { emailVerified = true } = {}) {
  const answer = await emulatorCall("accounts:signUp", { email, password, displayName, returnSecureToken: true });
  if (!emailVerified) return { uid: answer.localId, idToken: answer.idToken };
  await markEmailVerified(answer.localId);
  return { uid: answer.localId, idToken: (await signInIdentity(email, password)).idToken };
}

export type OobRequestType = "PASSWORD_RESET" | "VERIFY_EMAIL" | "VERIFY_AND_CHANGE_EMAIL";

interface OobEntry {
  email: string;
  /** Change of email: the link goes to the new address; `email` is still the account's current one. */
  newEmail?: string;
  requestType: string;
  oobLink: string;
}

const sentTo = (code: OobEntry) => (code.newEmail ?? code.email).toLowerCase();

/**
 * The link of the newest email the emulator "sent" to `email` (it keeps them instead of sending),
 * waiting for it to arrive. Opened as the app's own handler: in production the project's action
 * URL is `https://<site>/verify/` and Firebase appends the same query (mode, oobCode, continueUrl,
 * lang, apiKey); the emulator cannot be configured so and points at its own page instead.
 */
export async function emailLink(email: string, requestType: OobRequestType, after = 0): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
    const { oobCodes } = (await response.json()) as { oobCodes: OobEntry[] };
    const mine = oobCodes.filter((code) => sentTo(code) === email.toLowerCase() && code.requestType === requestType);
    if (mine.length > after) {
      const link = new URL(mine.at(-1)!.oobLink);
      return `/verify/${link.search}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`El emulador no guardó un correo ${requestType} para ${email}`);
}

/** How many emails of that kind the emulator holds for `email` (to wait for the next one). */
export async function emailCount(email: string, requestType: OobRequestType): Promise<number> {
  const response = await fetch(`${EMULATOR}/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: OobEntry[] };
  return oobCodes.filter((code) => sentTo(code) === email.toLowerCase() && code.requestType === requestType).length;
}

/** A fresh ID token for an email/password identity. */
export async function signInIdentity(email: string, password = TEST_PASSWORD) {
  const answer = await emulatorCall("accounts:signInWithPassword", { email, password, returnSecureToken: true });
  return { uid: answer.localId, idToken: answer.idToken };
}

/** Calls our API as `token` (or signed out); returns the status and the body. */
export async function apiCall(method: string, path: string, { token, body, query }: { token?: string; body?: unknown; query?: Record<string, string> } = {}) {
  const url = new URL(`${API_URL}${path}`);
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const response = await fetch(url, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body !== undefined ? { "content-type": "application/json" } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { data?: unknown; message?: string; code?: string }) : null };
}

export interface TestUser {
  uid: string;
  email: string;
  password: string;
  name: string;
}

/** A registered NORMAL user (identity + profile), ready to sign in. */
export async function createUser(name: string, prefix = "persona"): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const { uid, idToken } = await createIdentity(email, TEST_PASSWORD, name);
  const answer = await apiCall("POST", "/users/sign-up", { token: idToken, body: { name, uid, email } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { uid, email, password: TEST_PASSWORD, name };
}

/**
 * Opens a page and waits until the app knows who is signed in: until then the page is inert, and a
 * click would land on nothing (slow on a loaded machine, hence the longer wait).
 */
export async function openPage(page: Page, url: string) {
  await page.goto(url);
  await appStarted(page, { timeout: 30_000 });
}

/** Signs in through /login-email and waits for the own profile. */
export async function signInThroughUi(page: Page, user: { email: string; password: string; name?: string }) {
  await openPage(page, "/login-email/");
  await page.getByLabel("Correo electrónico").fill(user.email);
  await page.getByLabel("Contraseña", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).toHaveURL(/\/profile\/$/);
  if (user.name) await expect(page.getByRole("heading", { name: user.name })).toBeVisible();
}

/** The admin's panel in a browser context of its own (a second person at another device). */
export async function openAdminPage(context: BrowserContext, admin: { email: string; password: string } = DEMO_MASTER): Promise<Page> {
  const page = await context.newPage();
  await signInThroughUi(page, admin);
  return page;
}

/** Query keys the page's React Query cache holds (exposed on the emulator stack only). */
export function queryKeys(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window as unknown as { __plazaQueryKeys: () => unknown[] }).__plazaQueryKeys());
}

/** The persisted React Query copy in IndexedDB (idb-keyval's default store), or null. */
export function persistedCache(page: Page, key = "plaza-offline-cache"): Promise<{ queries: { queryKey: unknown[] }[]; mutations: unknown[] } | null> {
  return page.evaluate(
    (k) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("keyval-store");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("keyval")) {
            db.close();
            resolve(null);
            return;
          }
          const get = db.transaction("keyval", "readonly").objectStore("keyval").get(k);
          get.onsuccess = () => {
            const value = get.result as { clientState?: { queries: { queryKey: unknown[] }[]; mutations: unknown[] } } | undefined;
            db.close();
            resolve(value?.clientState ?? null);
          };
          get.onerror = () => reject(get.error);
        };
      }),
    key,
  );
}

/** Counts the requests whose URL matches `pattern` (context.route also sees the service worker's). */
export async function countRequests(context: BrowserContext, pattern: string | RegExp, method = "POST") {
  const seen: string[] = [];
  await context.route(pattern, async (route) => {
    if (route.request().method() === method) seen.push(route.request().url());
    await route.continue();
  });
  return seen;
}


/** The fake id token the app's emulator dialog builds (lib/auth/social.ts emulatorIdToken). */
export function fakeIdToken(provider: "google" | "apple", email: string, name?: string): string {
  return JSON.stringify({ sub: `${provider}-${email.trim().toLowerCase()}`, email, email_verified: true, ...(name ? { name } : {}) });
}

/** Signs in to the emulator with a Google or Apple account (creating it), as another device would. */
export async function signInWithProviderRest(provider: "google" | "apple", email: string, name?: string) {
  const providerId = provider === "google" ? "google.com" : "apple.com";
  const postBody = `id_token=${encodeURIComponent(fakeIdToken(provider, email, name))}&providerId=${providerId}`;
  const answer = await emulatorCall("accounts:signInWithIdp", { postBody, requestUri: "http://localhost", returnIdpCredential: true, returnSecureToken: true });
  return { uid: answer.localId, idToken: answer.idToken };
}

/** Goes through the app's stand-in for the provider's screen (emulator stack only). */
export async function completeProviderDialog(page: Page, provider: "Google" | "Apple", email: string, name?: string, confirm = "Continuar") {
  const dialog = page.getByRole("alertdialog", { name: `Cuenta de ${provider} de prueba` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(`Correo de ${provider}`).fill(email);
  if (name) await dialog.getByLabel("Nombre (opcional)").fill(name);
  await dialog.getByRole("button", { name: confirm }).click();
}
