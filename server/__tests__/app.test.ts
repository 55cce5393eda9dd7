import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, expectedDatabaseKind, type TestApp } from "../test/harness";

describe("aplicación", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("GET /api/health responde ok con el motor de base de datos", async () => {
    const res = await t.request({ url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: "ok", db: expectedDatabaseKind() } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("publica el OpenAPI generado de los esquemas zod, sin rutas internas", async () => {
    const res = await t.request({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/users/sign-up", "/api/users/initial-data", "/api/users/my-data", "/api/users/{id}"]),
    );
    expect(Object.keys(doc.paths).filter((p) => p.startsWith("/api/docs") || p === "/*" || p === "/api/openapi.json")).toEqual([]);
    const signUp = doc.paths["/api/users/sign-up"].post;
    expect(signUp.requestBody.content["application/json"].schema.required).toEqual(["name", "uid", "email"]);
    expect(signUp.requestBody.content["application/json"].schema.additionalProperties).toBe(false);
    expect(Object.keys(signUp.responses)).toEqual(expect.arrayContaining(["200", "201", "400", "401", "403", "409"]));
    expect(signUp.security).toEqual([{ bearerAuth: [] }]);
  });

  it("el OpenAPI escribe una vez lo que muchas rutas comparten y cada referencia lleva a su esquema", async () => {
    const doc = (await t.request({ url: "/api/openapi.json" })).json();
    const schemas: Record<string, unknown> = doc.components.schemas;
    const references = [...JSON.stringify(doc).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map((m) => m[1]);
    expect(references.filter((name) => !(name! in schemas))).toEqual([]);
    expect(Object.keys(schemas).filter((name) => !references.includes(name))).toEqual([]);

    const eventById = doc.paths["/api/events/{id}"].get.responses;
    expect(eventById["200"].content["application/json"].schema.properties.data).toEqual({ $ref: "#/components/schemas/Event" });
    expect(eventById["404"]).toEqual({
      description: "No encontrado",
      content: { "application/json": { schema: { $ref: "#/components/schemas/ApiError" } } },
    });
    expect(schemas.ApiError).toMatchObject({ type: "object", required: ["message", "code"] });
    expect(Object.keys((schemas.Event as { properties: object }).properties)).toEqual(expect.arrayContaining(["_id", "title", "startsAt", "place"]));
  });

  it("un error documentado como referencia sale con el cuerpo del contrato", async () => {
    const res = await t.request({ url: "/api/events/no-existe" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String), code: expect.any(String) });
  });

  it("la referencia de la API llega comprimida a quien la pide así", async () => {
    for (const url of ["/api/docs/static/swagger-ui-bundle.js", "/api/docs/json"]) {
      const plain = await t.app.inject({ url });
      const compressed = await t.app.inject({ url, headers: { "accept-encoding": "br" } });
      expect({ url, status: compressed.statusCode, encoding: compressed.headers["content-encoding"] }).toEqual({ url, status: 200, encoding: "br" });
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
      expect(zlib.brotliDecompressSync(compressed.rawPayload).equals(plain.rawPayload)).toBe(true);
    }
  });

  it("sirve la referencia de la API en /api/docs", async () => {
    const res = await t.request({ url: "/api/docs/" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.body).toContain("swagger-ui");
    const asset = await t.request({ url: "/api/docs/static/swagger-initializer.js" });
    expect(asset.statusCode).toBe(200);
  });
});
