import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { FastifyInstance } from "fastify";
import { registeredUser, type TestPerson } from "../../test/accounts";
import { bearer, createEmulatorUser } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { multipartBody } from "../../test/multipart";
import { FIELD_TOO_LARGE_MESSAGE } from "../uploads";
import { NUL_CHARACTER_MESSAGE } from "../validation";

// Bad values that used to reach the database or the multipart parser and come back as 500s:
// NUL characters (PostgreSQL refuses them in text), malformed multipart bodies, and any value the
// database itself refuses. Each must be a 400-class answer in the error format.

const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

function addProbeRoutes(app: FastifyInstance): void {
  // A value the database refuses at run time (no schema in front of it), as a future route
  // with a loose schema would send it.
  app.get("/api/prueba/entero/:valor", async (request) => {
    const { valor } = request.params as { valor: string };
    return { data: await probeDatabase.query("SELECT $1::int AS n", [valor]) };
  });
}

let probeDatabase: TestApp["database"];

describe("entradas malas nunca dan 500", () => {
  let t: TestApp;
  let person: TestPerson;

  beforeAll(async () => {
    t = await createTestApp({ configure: addProbeRoutes });
    probeDatabase = t.database;
    person = await registeredUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const expectNulRefused = (res: { statusCode: number; json(): { message: string; code: string } }) => {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: NUL_CHARACTER_MESSAGE, code: "VALIDATION_ERROR" });
  };

  it("rechaza un carácter nulo en un id de la ruta", async () => {
    expectNulRefused(await t.request({ url: "/api/events/%00" }));
    expectNulRefused(await t.request({ url: "/api/users/a%00b" }));
    expectNulRefused(await t.request({ url: "/api/places/%00", headers: bearer(person) }));
  });

  it("rechaza un carácter nulo en un parámetro de consulta", async () => {
    expectNulRefused(await t.request({ url: "/api/events?placeId=%00" }));
    const res = await t.request({ url: "/api/search?q=caf%00e" });
    expectNulRefused(res);
    expect(res.json().issues).toEqual([{ path: ["q"], message: NUL_CHARACTER_MESSAGE }]);
  });

  it("rechaza un carácter nulo dentro de un texto JSON y dice en qué campo", async () => {
    const newcomer = await createEmulatorUser();
    const res = await t.request({
      method: "POST",
      url: "/api/users/sign-up",
      headers: bearer(newcomer),
      payload: { name: "Ana\u0000", uid: newcomer.uid, email: newcomer.email },
    });
    expectNulRefused(res);
    expect(res.json().issues).toEqual([{ path: ["name"], message: NUL_CHARACTER_MESSAGE }]);
    // Nothing was created: the same sign-up without the NUL still creates the profile.
    const clean = await t.request({
      method: "POST",
      url: "/api/users/sign-up",
      headers: bearer(newcomer),
      payload: { name: "Ana", uid: newcomer.uid, email: newcomer.email },
    });
    expect(clean.statusCode).toBe(201);
  });

  it("rechaza un carácter nulo en un campo de un formulario multipart", async () => {
    const newcomer = await createEmulatorUser();
    const form = multipartBody({ document: JSON.stringify({ name: "Ana\u0000", uid: newcomer.uid, email: newcomer.email }) });
    const res = await t.request({
      method: "POST",
      url: "/api/users",
      headers: { ...bearer(newcomer), "content-type": form.contentType },
      payload: form.body,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "VALIDATION_ERROR" });
    expect(res.json().issues).toEqual([{ path: ["document", "name"], message: NUL_CHARACTER_MESSAGE }]);
  });

  it("responde 413 a un campo de texto de más de 64 KB en vez de cortarlo en silencio", async () => {
    const newcomer = await createEmulatorUser();
    const document = JSON.stringify({ name: "Ana", uid: newcomer.uid, email: newcomer.email, bio: "x".repeat(70 * 1024) });
    const form = multipartBody({ document });
    const res = await t.request({
      method: "POST",
      url: "/api/users",
      headers: { ...bearer(newcomer), "content-type": form.contentType },
      payload: form.body,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: FIELD_TOO_LARGE_MESSAGE, code: "PAYLOAD_TOO_LARGE" });
  });

  it("responde 400 en español a un multipart sin boundary", async () => {
    const res = await t.request({
      method: "PUT",
      url: "/api/users/profile-image",
      headers: { ...bearer(person), "content-type": "multipart/form-data" },
      payload: "--x\r\n",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "El cuerpo multipart no es válido.", code: "BAD_REQUEST" });
  });

  it("responde 400 en español a un multipart cortado a la mitad", async () => {
    const form = multipartBody({}, [{ field: "file", filename: "a.png", contentType: "image/png", data: PNG_1X1 }]);
    const res = await t.request({
      method: "PUT",
      url: "/api/users/profile-image",
      headers: { ...bearer(person), "content-type": form.contentType },
      payload: form.body.subarray(0, form.body.length - 20),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "El cuerpo multipart no es válido.", code: "BAD_REQUEST" });
    // A whole form still works.
    const whole = await t.request({
      method: "PUT",
      url: "/api/users/profile-image",
      headers: { ...bearer(person), "content-type": form.contentType },
      payload: form.body,
    });
    expect(whole.statusCode).toBe(200);
  });

  it("responde 400 (no 500) a cualquier valor que la base de datos rechace", async () => {
    const res = await t.request({ url: "/api/prueba/entero/doce" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: "Un valor enviado no es válido.", code: "BAD_REQUEST" });
    const huge = await t.request({ url: "/api/prueba/entero/99999999999999999999" });
    expect(huge.statusCode).toBe(400);
    const fine = await t.request({ url: "/api/prueba/entero/12" });
    expect(fine.statusCode).toBe(200);
  });
});
