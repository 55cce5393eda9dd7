import { expect, type BrowserContext, type Page } from "@playwright/test";
import zlib from "node:zlib";
import { markEmailVerified, openPage } from "../support/accounts";
import { E2E_PORT } from "../support/server";

// Helpers of the content journeys: demo accounts, tokens from the Auth emulator, direct API
// calls for set-up and checks, sign-in through the app's own screen, and a real PNG for tiles
// and cover images.

const EMULATOR = `http://${process.env.FIREBASE_AUTH_EMULATOR_HOST ?? "127.0.0.1:9099"}`;
const API_KEY = "demo-api-key";
export const API_URL = `http://127.0.0.1:${E2E_PORT}/api`;
const PASSWORD = "Plaza-Prueba-2026";

export interface Account {
  email: string;
  password: string;
  uid?: string;
  name?: string;
}

export const ORGANIZER: Account = { email: "organizador@plaza.local", password: "Plaza-Organiza-2026!", uid: "demo-organizador" };
export const NEIGHBOUR: Account = { email: "vecina@plaza.local", password: "Plaza-Vecina-2026!", uid: "demo-vecina" };
export const ADMIN: Account = { email: "admin@plaza.local", password: "Plaza-Admin-2026!", uid: "demo-admin" };

async function emulator(path: string, body: unknown): Promise<{ localId: string; idToken: string }> {
  const response = await fetch(`${EMULATOR}/identitytoolkit.googleapis.com/v1/${path}?key=${API_KEY}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { localId: string; idToken: string; error?: { message: string } };
  if (!response.ok) throw new Error(`Emulador de Auth (${path}): ${json.error?.message ?? response.status}`);
  return json;
}

export async function tokenFor(account: Account): Promise<string> {
  return (await emulator("accounts:signInWithPassword", { email: account.email, password: account.password, returnSecureToken: true })).idToken;
}

export async function api<T = unknown>(
  method: string,
  path: string,
  { token, body, query, headers }: { token?: string; body?: unknown; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<{ status: number; data: T; message?: string }> {
  const url = new URL(`${API_URL}${path}`);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, v);
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { "content-type": "application/json" } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = text && response.headers.get("content-type")?.includes("json") ? (JSON.parse(text) as { data: T; message?: string }) : null;
  return { status: response.status, data: (json?.data ?? (text as unknown)) as T, message: json?.message };
}

/** A fresh NORMAL account (identity in the emulator, profile in our API). */
export async function newAccount(name: string): Promise<Account & { uid: string; token: string }> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, "-")}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.plaza.local`;
  const { localId } = await emulator("accounts:signUp", { email, password: PASSWORD, displayName: name, returnSecureToken: true });
  // Verified, as publishing needs (docs/authorization.md#unverified-email); the token after it carries the claim.
  await markEmailVerified(localId);
  const { idToken } = await emulator("accounts:signInWithPassword", { email, password: PASSWORD, returnSecureToken: true });
  const answer = await api("POST", "/users/sign-up", { token: idToken, body: { name, uid: localId, email } });
  expect(answer.status, answer.message).toBe(201);
  return { email, password: PASSWORD, uid: localId, name, token: idToken };
}

/** Signs in through /login-email, as a person would. */
export async function signIn(page: Page, account: Account): Promise<void> {
  await openPage(page, "/login-email/");
  await page.getByLabel("Correo electrónico").fill(account.email);
  await page.getByLabel("Contraseña").fill(account.password);
  await page.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(page).not.toHaveURL(/login-email/, { timeout: 20_000 });
}

/** "YYYY-MM-DD" and "HH:MM" in Saltillo, `minutesAhead` from now (kept within today). */
export function saltilloToday(minutesAhead = 60): { date: string; time: string } {
  const at = new Date(Date.now() + minutesAhead * 60_000);
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: "America/Monterrey",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "00";
  const todayParts = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Monterrey", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const date = `${get("year")}-${get("month")}-${get("day")}`;
  // Late at night, stay on today's last minutes rather than spill into tomorrow.
  if (date !== todayParts) return { date: todayParts, time: "23:59" };
  return { date, time: `${get("hour")}:${get("minute")}` };
}

/** An ISO instant `days` ahead at 19:00 in Saltillo (UTC-6). */
export function saltilloDaysAhead(days: number, hour = 19): string {
  const base = new Date(Date.now() + days * 86_400_000);
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Monterrey", year: "numeric", month: "2-digit", day: "2-digit" }).format(base);
  return `${day}T${String(hour).padStart(2, "0")}:00:00-06:00`;
}

function crc32(buffer: Buffer): number {
  let crc = ~0;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real size×size RGB PNG of one colour (map tiles are 256×256). */
export function solidPng(size = 256, [r, g, b]: [number, number, number] = [170, 211, 223]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export interface EventItem {
  _id: string;
  title: string;
  canEdit: boolean;
  hidden: boolean;
  following: boolean;
  followersCount: number;
  startsAt: string;
  place: { _id: string; name: string } | null;
}

export async function createEventByApi(token: string, payload: Record<string, unknown>): Promise<EventItem> {
  const answer = await api<EventItem>("POST", "/events", { token, body: { priceType: "free", ...payload } });
  expect(answer.status, answer.message).toBe(201);
  return answer.data;
}

export async function listIds(path: string, query: Record<string, string> = {}, token?: string): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 20; i++) {
    const answer = await api<{ items: { _id: string }[]; nextCursor: string | null }>("GET", path, { token, query: { ...query, limit: "50", ...(cursor ? { cursor } : {}) } });
    expect(answer.status, answer.message).toBe(200);
    ids.push(...answer.data.items.map((x) => x._id));
    if (!answer.data.nextCursor) break;
    cursor = answer.data.nextCursor;
  }
  return ids;
}

/** The map's tile server (OpenStreetMap's): outside our reach here, so the tests answer for it. */
export const TILE = /^https:\/\/tile\.openstreetmap\.org\//;

/** Answers every map tile with a blank one in its real format (PNG, 256×256); `onTile` sees each address asked. */
export async function blankTiles(context: BrowserContext, onTile?: (url: string) => void): Promise<void> {
  const png = solidPng(256);
  await context.route(TILE, (route) => {
    onTile?.(route.request().url());
    return route.fulfill({ status: 200, contentType: "image/png", body: png });
  });
}
