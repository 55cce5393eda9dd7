import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { bearer, createEmulatorUser } from "../../test/emulator";
import { createTestApp, openSecondHandle, type TestApp } from "../../test/harness";
import type { RequestOptions, TestResponse } from "../../test/http";
import { API_SECURITY_HEADERS } from "../../test/security-headers";
import { as, makePerson, type Person } from "../../routes/content/__tests__/helpers";

// Rate limits at their real default values (RATE_LIMIT_SCALE=1; the harness raises them for the
// other suites). Requests that fail validation still count: the limit runs before the body is read,
// so these cases spend cheap invalid calls instead of creating hundreds of rows.

const REAL_LIMITS = { RATE_LIMIT: "on", RATE_LIMIT_SCALE: "1" };
const UUID = "00000000-0000-4000-8000-000000000000";

/** Sends `request` until the first 429 (at most limit + 1 times) and returns how many passed. */
async function hitUntilLimited(send: () => Promise<TestResponse>, limit: number): Promise<{ passed: number; limited: TestResponse }> {
  for (let passed = 0; passed <= limit; passed++) {
    const res = await send();
    if (res.statusCode === 429) return { passed, limited: res };
  }
  throw new Error(`Sin 429 después de ${limit + 1} peticiones`);
}

function expectRateLimited(res: TestResponse) {
  expect(res.statusCode).toBe(429);
  expect(res.json()).toEqual({ code: "RATE_LIMITED", message: expect.stringMatching(/^Demasiadas peticiones\. Inténtalo de nuevo en \d+ (segundos?|minutos)\.$/) });
  const retryAfter = Number(res.headers["retry-after"]);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  return retryAfter;
}

describe("límites de peticiones por usuario y por ruta", () => {
  let t: TestApp;

  beforeAll(async () => {
    // A high global ceiling so the per-route limits are what answers here.
    t = await createTestApp({ env: { ...REAL_LIMITS, RATE_LIMIT_GLOBAL_MAX: "100000", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await t.close();
  });

  const perUser: { name: string; limit: number; request: RequestOptions }[] = [
    { name: "pedir la verificación", limit: 3, request: { method: "POST", url: "/api/users/requestVerification" } },
    { name: "el token de acceso", limit: 20, request: { method: "POST", url: "/api/users/accessToken", payload: {} } },
    { name: "el token de notificaciones", limit: 20, request: { method: "POST", url: "/api/users/notificationToken", payload: {} } },
    { name: "el ticket del flujo de notificaciones", limit: 30, request: { method: "POST", url: "/api/notifications/stream-ticket" } },
    { name: "rotar el token del calendario", limit: 10, request: { method: "POST", url: "/api/calendar/feed-url/rotate" } },
    { name: "subir una imagen", limit: 30, request: { method: "PUT", url: `/api/events/${UUID}/image`, payload: {} } },
    { name: "seguir", limit: 60, request: { method: "POST", url: `/api/places/${UUID}/follow`, payload: {} } },
    { name: "crear", limit: 60, request: { method: "POST", url: "/api/events", payload: {} } },
    { name: "buscar una dirección", limit: 30, request: { method: "GET", url: "/api/addresses/lookup?q=" } },
  ];

  for (const { name, limit, request } of perUser) {
    it(`${name}: ${limit} por persona, luego 429 con Retry-After; otra persona no se ve afectada`, async () => {
      const [first, second] = await Promise.all([makePerson(t, { verified: false }), makePerson(t, { verified: false })]);
      const { passed, limited } = await hitUntilLimited(() => as(t, first)(request), limit);
      expect(passed).toBe(limit);
      expectRateLimited(limited);
      // The same person is still limited; someone else on the same address is not.
      expect((await as(t, first)(request)).statusCode).toBe(429);
      expect((await as(t, second)(request)).statusCode).not.toBe(429);
    });
  }

  it("el límite se cuenta por el uid del token, no por lo que diga el cuerpo", async () => {
    const [first, second] = await Promise.all([makePerson(t), makePerson(t)]);
    const spoofing = { method: "POST" as const, url: "/api/calendar/feed-url/rotate", payload: { uid: second.uid } };
    await hitUntilLimited(() => as(t, first)(spoofing), 10);
    expect((await as(t, second)({ method: "POST", url: "/api/calendar/feed-url/rotate" })).statusCode).toBe(200);
  });

  it("registro: 5 intentos por cuenta en 10 minutos", async () => {
    const user = await createEmulatorUser();
    const signUp = () => t.request({ method: "POST", url: "/api/users/sign-up", headers: { ...bearer(user), "x-forwarded-for": "198.51.100.7" }, payload: {} });
    const { passed, limited } = await hitUntilLimited(signUp, 5);
    expect(passed).toBe(5);
    const retryAfter = expectRateLimited(limited);
    expect(retryAfter).toBeGreaterThan(500);
    expect(limited.json().message).toMatch(/en 10 minutos\.$/);
  });

  it("registro: 30 por IP en una hora, aunque cada intento sea de otra cuenta", async () => {
    const users = await Promise.all(Array.from({ length: 31 }, () => createEmulatorUser()));
    const from = (ip: string, i: number) => () =>
      t.request({ method: "POST", url: "/api/users/sign-up", headers: { ...bearer(users[i % users.length]!), "x-forwarded-for": ip }, payload: {} });
    let i = 0;
    const { passed, limited } = await hitUntilLimited(() => from("203.0.113.50", i++)(), 30);
    expect(passed).toBe(30);
    expectRateLimited(limited);
    expect((await from("203.0.113.51", 0)()).statusCode).not.toBe(429);
  });

  it("sin sesión, el calendario por token se limita por IP: otra IP sigue pudiendo", async () => {
    const feed = (ip: string) => () => t.request({ url: `/api/calendar/${"a".repeat(32)}.ics`, headers: { "x-forwarded-for": ip } });
    const { passed, limited } = await hitUntilLimited(feed("192.0.2.10"), 60);
    expect(passed).toBe(60);
    expectRateLimited(limited);
    expect((await feed("192.0.2.11")()).statusCode).toBe(404);
  });

  it("HEAD cuenta igual que GET (no es una puerta trasera)", async () => {
    const feed = (method: "GET" | "HEAD") => () => t.request({ method, url: `/api/calendar/${"b".repeat(32)}.ics`, headers: { "x-forwarded-for": "192.0.2.40" } });
    const { passed, limited } = await hitUntilLimited(feed("HEAD"), 60);
    expect(passed).toBe(60);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect((await feed("GET")()).statusCode).toBe(429);
  });

  it("el flujo de notificaciones con ticket se limita por IP", async () => {
    const stream = (ip: string) => () => t.request({ url: "/api/notifications/stream?ticket=caducado", headers: { "x-forwarded-for": ip } });
    const { passed, limited } = await hitUntilLimited(stream("192.0.2.20"), 60);
    expect(passed).toBe(60);
    expectRateLimited(limited);
    expect((await stream("192.0.2.21")()).statusCode).toBe(401);
  });

  it("subidas: además de por persona, 120 por IP en 10 minutos", async () => {
    const people = await Promise.all(Array.from({ length: 5 }, () => makePerson(t)));
    let i = 0;
    const upload = (ip: string, who: Person) => t.request({ method: "PUT", url: "/api/users/profile-image", headers: { ...who.headers, "x-forwarded-for": ip } });
    const { passed, limited } = await hitUntilLimited(() => upload("192.0.2.30", people[Math.floor(i++ / 25)]!), 120);
    expect(passed).toBe(120);
    expectRateLimited(limited);
  });
});

describe("techo global por IP", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...REAL_LIMITS, RATE_LIMIT_GLOBAL_MAX: "25", TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await t.close();
  });

  it("toda la API cuenta para el techo de la IP; /api/health no", async () => {
    const get = (url: string, ip: string) => t.request({ url, headers: { "x-forwarded-for": ip } });
    const { passed, limited } = await hitUntilLimited(() => get("/api/events", "198.51.100.1"), 25);
    expect(passed).toBe(25);
    expectRateLimited(limited);
    // Refused before any route runs, it is still an API answer with the API's security headers.
    expect(limited.headers).toMatchObject(API_SECURITY_HEADERS);
    expect((await get("/api/tags", "198.51.100.1")).statusCode).toBe(429);
    expect((await get("/api/health", "198.51.100.1")).statusCode).toBe(200);
    expect((await get("/api/events", "198.51.100.2")).statusCode).toBe(200);
  });

  it("RATE_LIMIT=off lo apaga (solo para operadores que limitan en otra capa)", async () => {
    const off = await createTestApp({ env: { RATE_LIMIT: "off", RATE_LIMIT_GLOBAL_MAX: "2" } });
    try {
      const codes = [];
      for (let i = 0; i < 5; i++) codes.push((await off.request({ url: "/api/tags" })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200, 200]);
    } finally {
      await off.close();
    }
  });
});

describe("varias instancias", () => {
  const redisEnv = () => ({ ...REAL_LIMITS, REDIS_URL: "redis://127.0.0.1:6379", RATE_LIMIT_REDIS_PREFIX: `plaza-test:${randomBytes(6).toString("hex")}:` });

  it("con REDIS_URL, dos instancias comparten los contadores", async () => {
    const env = redisEnv();
    const a = await createTestApp({ env });
    const b = await createTestApp({ env, database: await openSecondHandle(a.database) });
    try {
      const person = await makePerson(a, { verified: false });
      const ask = (instance: TestApp) => as(instance, person)({ method: "POST", url: "/api/users/requestVerification" });
      const codes = [];
      for (const instance of [a, b, a, b]) codes.push((await ask(instance)).statusCode);
      expect(codes.slice(0, 3)).not.toContain(429);
      expect(codes[3]).toBe(429);
      expectRateLimited(await ask(a));
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("sin Redis cada instancia cuenta por su cuenta (por eso REDIS_URL con varias)", async () => {
    const a = await createTestApp({ env: REAL_LIMITS });
    const b = await createTestApp({ env: REAL_LIMITS, database: await openSecondHandle(a.database) });
    try {
      const person = await makePerson(a, { verified: false });
      const ask = (instance: TestApp) => as(instance, person)({ method: "POST", url: "/api/users/requestVerification" });
      const codes = [];
      for (const instance of [a, b, a, b]) codes.push((await ask(instance)).statusCode);
      expect(codes).not.toContain(429);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("si Redis no responde, las peticiones siguen atendiéndose", async () => {
    const t = await createTestApp({ env: { ...REAL_LIMITS, REDIS_URL: "redis://127.0.0.1:1" } });
    try {
      const started = Date.now();
      const res = await t.request({ url: "/api/tags" });
      expect(res.statusCode).toBe(200);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await t.close();
    }
  });
});
