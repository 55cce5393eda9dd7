import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createEmulatorUser, bearer, craftedToken, type EmulatorUser } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { conflict, HttpError } from "../errors";
import { API_SECURITY_HEADERS } from "../../test/security-headers";

// The error contract (docs/architecture.md#contracts) through the real app: status, code, Spanish
// message, issues, and nothing internal leaking out.

const SECRET = "detalle-interno-/var/lib/plaza/secreto";

function addProbeRoutes(app: FastifyInstance): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    "/api/prueba/eco",
    {
      schema: {
        body: z.object({ n: z.number().int(), s: z.string().min(1), lista: z.array(z.string()).max(2).optional() }).strict(),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(50).optional() }).strict(),
      },
    },
    async (request) => ({ data: { body: request.body, query: request.query } }),
  );
  typed.get("/api/prueba/falla", async () => {
    throw new Error(SECRET);
  });
  typed.get("/api/prueba/falla-con-estado", async () => {
    throw Object.assign(new Error(SECRET), { statusCode: 503 });
  });
  typed.get("/api/prueba/conflicto", async () => {
    throw conflict("Ese nombre ya está en uso.");
  });
  typed.get("/api/prueba/limite", async () => {
    throw new HttpError(429, "RATE_LIMITED", "Demasiadas peticiones. Espera un momento e inténtalo de nuevo.");
  });
}

describe("contrato de errores", () => {
  let t: TestApp;
  let user: EmulatorUser;

  beforeAll(async () => {
    t = await createTestApp({ configure: addProbeRoutes });
    user = await createEmulatorUser();
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: "POST", url: "/api/prueba/eco", payload, headers });

  it("acepta una petición válida (la ruta de prueba sí funciona)", async () => {
    const res = await post({ n: 1, s: "hola" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { body: { n: 1, s: "hola" }, query: {} } });
  });

  it("responde 400 con issues por tipos equivocados, campos faltantes y campos desconocidos", async () => {
    const wrongTypes = await post({ n: "uno", s: 5 });
    expect(wrongTypes.statusCode).toBe(400);
    expect(wrongTypes.json()).toEqual({
      message: "Los datos enviados no son válidos.",
      code: "VALIDATION_ERROR",
      issues: [
        { path: ["n"], message: "Se esperaba un número." },
        { path: ["s"], message: "Se esperaba un texto." },
      ],
    });

    const missing = await post({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues).toEqual([
      { path: ["n"], message: "Este campo es obligatorio." },
      { path: ["s"], message: "Este campo es obligatorio." },
    ]);

    const unknown = await post({ n: 1, s: "hola", esAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "VALIDATION_ERROR", issues: [{ path: ["esAdmin"], message: "Este campo no está permitido." }] });

    const nested = await post({ n: 1, s: "", lista: ["a", 2] });
    expect(nested.json().issues).toEqual([
      { path: ["s"], message: "Este campo no puede estar vacío." },
      { path: ["lista", 1], message: "Se esperaba un texto." },
    ]);

    const tooMany = await post({ n: 1.5, s: "x", lista: ["a", "b", "c"] });
    expect(tooMany.json().issues).toEqual([
      { path: ["n"], message: "Se esperaba un número entero." },
      { path: ["lista"], message: "Debe tener como máximo 2 elementos." },
    ]);
  });

  it("valida también la consulta (query string)", async () => {
    const res = await t.request({ method: "POST", url: "/api/prueba/eco?limit=0&otro=1", payload: { n: 1, s: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ["limit"], message: "Debe ser mayor o igual a 1." },
      { path: ["otro"], message: "Este campo no está permitido." },
    ]);
  });

  it("responde 400 en español a un JSON mal formado o vacío", async () => {
    const malformed = await post('{"n": 1, "s": ', { "content-type": "application/json" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: "El cuerpo de la petición no es JSON válido.", code: "BAD_REQUEST" });

    const empty = await post("", { "content-type": "application/json" });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe("BAD_REQUEST");
  });

  it("rechaza con 400 el envenenamiento de prototipo", async () => {
    const res = await post('{"n": 1, "s": "x", "__proto__": {"esAdmin": true}}', { "content-type": "application/json" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("BAD_REQUEST");
  });

  it("responde 413 a un cuerpo demasiado grande", async () => {
    const res = await post({ n: 1, s: "x".repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "La petición es demasiado grande.", code: "PAYLOAD_TOO_LARGE" });
  });

  it("responde 415 a un tipo de contenido que no es JSON", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
      const res = await post("n=1&s=x", { "content-type": type });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
      expect(res.json().message).toMatch(/^Tipo de contenido no admitido/);
    }
  });

  it("responde 404 en español a una ruta desconocida de la API, con cualquier método", async () => {
    for (const method of ["GET", "POST", "DELETE"] as const) {
      const res = await t.request({ method, url: "/api/no-existe/para-nada" });
      expect(res.statusCode).toBe(404);
      expect(res.headers["content-type"]).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: "Recurso no encontrado.", code: "NOT_FOUND" });
    }
  });

  it("responde 400 (no 500) a una URL con codificación rota", async () => {
    const res = await t.request({ method: "GET", url: "/api/users/%E0%A4%A" });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("BAD_REQUEST");
    // Answered by the router before any hook runs, with the API's security headers all the same.
    expect(res.headers).toMatchObject(API_SECURITY_HEADERS);
  });

  it("responde 500 genérico a un fallo inesperado, sin mostrar detalles internos", async () => {
    for (const url of ["/api/prueba/falla", "/api/prueba/falla-con-estado"]) {
      const res = await t.request({ method: "GET", url });
      expect(res.statusCode).toBe(url.endsWith("estado") ? 503 : 500);
      expect(res.json()).toEqual({ message: "Error interno del servidor. Inténtalo de nuevo más tarde.", code: "INTERNAL_ERROR" });
      expect(res.body).not.toContain("secreto");
      expect(res.body).not.toContain("stack");
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("conserva el estado, el código y el mensaje de un HttpError", async () => {
    const res = await t.request({ method: "GET", url: "/api/prueba/conflicto" });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: "Ese nombre ya está en uso.", code: "CONFLICT" });
    const limited = await t.request({ method: "GET", url: "/api/prueba/limite" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe("RATE_LIMITED");
  });

  describe("sesión", () => {
    it("responde 401 sin token", async () => {
      const res = await t.request({ method: "GET", url: "/api/users/my-data" });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: "Necesitas iniciar sesión.", code: "UNAUTHENTICATED" });
    });

    it("responde 401 (no 500) a un token basura, vencido, de otro proyecto o con otro esquema", async () => {
      const expired = craftedToken({ sub: user.uid, user_id: user.uid, exp: Math.floor(Date.now() / 1000) - 60, iat: Math.floor(Date.now() / 1000) - 3700 });
      const foreign = craftedToken({ sub: user.uid, user_id: user.uid, aud: "otro-proyecto", iss: "https://securetoken.google.com/otro-proyecto" });
      const headers = [
        { authorization: "Bearer basura" },
        { authorization: "Bearer a.b.c" },
        { authorization: `Bearer ${expired}` },
        { authorization: `Bearer ${foreign}` },
        { authorization: `Bearer ${"x".repeat(9000)}` },
        { authorization: `Basic ${Buffer.from("a:b").toString("base64")}` },
        { authorization: "Bearer" },
      ];
      for (const h of headers) {
        const res = await t.request({ method: "GET", url: "/api/users/my-data", headers: h });
        expect({ auth: h.authorization.slice(0, 30), status: res.statusCode }).toEqual({ auth: h.authorization.slice(0, 30), status: 401 });
        expect(res.json()).toEqual({ message: "Tu sesión no es válida o expiró. Vuelve a iniciar sesión.", code: "INVALID_TOKEN" });
      }
    });

    it("revisa el token antes que el cuerpo: sin sesión es 401 aunque el cuerpo sea inválido", async () => {
      const res = await t.request({ method: "POST", url: "/api/users/sign-up", payload: "{roto", headers: { "content-type": "application/json" } });
      expect(res.statusCode).toBe(401);
    });

    it("con un token válido, los errores del cuerpo siguen siendo 400", async () => {
      const res = await t.request({ method: "POST", url: "/api/users/sign-up", payload: "{roto", headers: { ...bearer(user), "content-type": "application/json" } });
      expect(res.statusCode).toBe(400);
    });
  });

  it("nunca responde 500 a entradas extrañas en el registro", async () => {
    const payloads: unknown[] = [
      null,
      [],
      [1, 2],
      "texto",
      42,
      { name: null, uid: null, email: null },
      { name: { $gt: "" }, uid: user.uid, email: user.email },
      { name: "x".repeat(10000), uid: user.uid, email: user.email },
      { name: "Ana", uid: ["a"], email: user.email },
      { name: "Ana", uid: user.uid, email: "no-es-correo" },
      { constructor: { prototype: { x: 1 } }, name: "Ana", uid: user.uid, email: user.email },
    ];
    for (const payload of payloads) {
      const res = await t.request({
        method: "POST",
        url: "/api/users/sign-up",
        payload: JSON.stringify(payload),
        headers: { ...bearer(user), "content-type": "application/json" },
      });
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(typeof res.json().message).toBe("string");
    }
  });
});
