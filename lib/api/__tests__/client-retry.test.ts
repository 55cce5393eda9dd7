/**
 * @jest-environment node
 */

import { describe, expect, test } from "@jest/globals";
import { createApiClient } from "../client";
import { ApiError, errorMessage } from "../errors";

// Reads ride out short "not now" answers (a database restart: 503; a rate limit: 429; a proxy
// between deploys: 502/504) by retrying a bounded number of times and honouring Retry-After.
// Writes are never repeated by the HTTP client.

type Answer = () => Response;

function scriptedServer(answers: Answer[]) {
  const calls: { method: string; at: number }[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    calls.push({ method: request.method, at: Date.now() });
    const next = answers[Math.min(calls.length - 1, answers.length - 1)]!;
    return next();
  };
  return { calls, fetch: fetch as typeof globalThis.fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => () =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const UNAVAILABLE = { code: "SERVICE_UNAVAILABLE", message: "El servicio no está disponible en este momento. Inténtalo de nuevo en unos segundos." };
const LIMITED = (seconds: number) => ({ code: "RATE_LIMITED", message: `Demasiadas peticiones. Inténtalo de nuevo en ${seconds} segundos.` });

function client(answers: Answer[]) {
  const server = scriptedServer(answers);
  const api = createApiClient({ prefixUrl: "http://api.test/api", getToken: async () => null, fetch: server.fetch });
  return { api, calls: server.calls };
}

describe("reintentos de lectura", () => {
  test("un GET con 503 y Retry-After espera lo indicado y reintenta hasta obtener respuesta", async () => {
    const { api, calls } = client([json(503, UNAVAILABLE, { "retry-after": "1" }), json(200, { data: ["ok"] })]);
    await expect(api.get("/events", { cache: false })).resolves.toEqual(["ok"]);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.at - calls[0]!.at).toBeGreaterThanOrEqual(950);
  });

  test("429 con espera corta: reintenta; 502 y 504 también", async () => {
    const limited = client([json(429, LIMITED(1), { "retry-after": "0" }), json(200, { data: 1 })]);
    await expect(limited.api.get("/tags", { cache: false })).resolves.toBe(1);
    const gateway = client([json(502, {}), json(504, {}), json(200, { data: 2 })]);
    await expect(gateway.api.head("/tags", { cache: false })).resolves.toBe(2);
    expect(gateway.calls).toHaveLength(3);
  });

  test("a lo sumo dos reintentos: luego el error del servidor con su mensaje", async () => {
    const { api, calls } = client([json(503, UNAVAILABLE, { "retry-after": "0" })]);
    const error = await api.get("/events", { cache: false }).catch((e: unknown) => e);
    expect(calls).toHaveLength(3);
    expect(error).toBeInstanceOf(ApiError);
    expect(errorMessage(error)).toBe(UNAVAILABLE.message);
  });

  test("un 429 con una espera larga no se reintenta: se muestra al momento el mensaje del servidor", async () => {
    const { api, calls } = client([json(429, LIMITED(600), { "retry-after": "600" })]);
    const started = Date.now();
    const error = await api.get("/addresses/lookup", { cache: false }).catch((e: unknown) => e);
    expect(calls).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(500);
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", retryAfterMs: 600_000 });
    expect(errorMessage(error)).toBe("Demasiadas peticiones. Inténtalo de nuevo en 600 segundos.");
  });

  test("500 y 4xx no se reintentan", async () => {
    const broken = client([json(500, { code: "INTERNAL_ERROR", message: "Error interno del servidor." })]);
    await expect(broken.api.get("/events", { cache: false })).rejects.toMatchObject({ status: 500 });
    expect(broken.calls).toHaveLength(1);
    const missing = client([json(404, { code: "NOT_FOUND", message: "Recurso no encontrado." })]);
    await expect(missing.api.get("/events/x", { cache: false })).rejects.toMatchObject({ status: 404 });
    expect(missing.calls).toHaveLength(1);
  });

  test("las escrituras nunca se repiten en el cliente HTTP; el error lleva el Retry-After", async () => {
    for (const method of ["post", "put", "delete"] as const) {
      const { api, calls } = client([json(503, UNAVAILABLE, { "retry-after": "5" })]);
      const call = method === "delete" ? api.delete("/addresses/a") : api[method]("/addresses", {});
      const error = await call.catch((e: unknown) => e);
      expect(calls).toHaveLength(1);
      expect(error).toMatchObject({ status: 503, code: "SERVICE_UNAVAILABLE", retryAfterMs: 5000 });
    }
  });

  test("sin red no espera: falla al momento (la caché persistida responde)", async () => {
    const calls: number[] = [];
    const api = createApiClient({
      prefixUrl: "http://api.test/api",
      getToken: async () => null,
      fetch: (async () => {
        calls.push(Date.now());
        throw new TypeError("Failed to fetch");
      }) as typeof globalThis.fetch,
    });
    await expect(api.get("/events", { cache: false })).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    expect(calls).toHaveLength(1);
  });
});

describe("mensaje de un 429 en una escritura", () => {
  test("se muestra el mensaje en español del servidor, no uno genérico", async () => {
    const { api } = client([json(429, LIMITED(45), { "retry-after": "45" })]);
    const error = await api.post("/events/e1/follow").catch((e: unknown) => e);
    expect(errorMessage(error)).toBe("Demasiadas peticiones. Inténtalo de nuevo en 45 segundos.");
  });
});
