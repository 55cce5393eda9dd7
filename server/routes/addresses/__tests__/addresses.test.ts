import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, makePerson, type Person } from "../../content/__tests__/helpers";

// Saved addresses (limit 10) and the geocoder proxy against a local Nominatim stand-in.

describe("direcciones", () => {
  let t: TestApp;
  let geocoder: http.Server;
  let mode: "ok" | "slow" | "error" = "ok";
  let lastQuery: URLSearchParams | null = null;
  let person: Person;

  beforeAll(async () => {
    geocoder = http.createServer((req, res) => {
      lastQuery = new URL(req.url ?? "/", "http://x").searchParams;
      if (mode === "error") {
        res.writeHead(500).end("boom");
        return;
      }
      const send = () =>
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify([
            {
              display_name: "Calle Miguel Hidalgo 305, Zona Centro, Saltillo, Coahuila, 25000, México",
              lat: "25.42371",
              lon: "-101.00342",
              address: { road: "Calle Miguel Hidalgo", house_number: "305", suburb: "Zona Centro", city: "Saltillo", state: "Coahuila", postcode: "25000", country: "México" },
            },
            { display_name: "sin coordenadas" },
          ]),
        );
      if (mode === "slow") setTimeout(send, 6000).unref();
      else send();
    });
    await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
    const { port } = geocoder.address() as AddressInfo;
    t = await createTestApp({ env: { GEOCODER_URL: `http://127.0.0.1:${port}` } });
    person = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
    geocoder.closeAllConnections();
    await new Promise((resolve) => geocoder.close(resolve));
  });

  it("busca una dirección y devuelve candidatos listos para el formulario", async () => {
    mode = "ok";
    const res = await as(t, person)({ url: `/api/addresses/lookup?q=${encodeURIComponent("Hidalgo 305, Saltillo")}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items).toEqual([
      {
        displayName: "Calle Miguel Hidalgo 305, Zona Centro, Saltillo, Coahuila, 25000, México",
        street: "Calle Miguel Hidalgo",
        number: "305",
        neighbourhood: "Zona Centro",
        city: "Saltillo",
        state: "Coahuila",
        postalCode: "25000",
        country: "México",
        lat: 25.42371,
        lng: -101.00342,
      },
    ]);
    expect(lastQuery?.get("format")).toBe("jsonv2");
    expect(lastQuery?.get("countrycodes")).toBe("mx");
  });

  it("responde 503 con el mensaje para escribirla a mano si el servicio falla o tarda más de 4 s", async () => {
    mode = "error";
    const failed = await as(t, person)({ url: "/api/addresses/lookup?q=Hidalgo" });
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({ code: "GEOCODER_UNAVAILABLE", message: "No pudimos buscar la dirección; escríbela a mano." });
    mode = "slow";
    const started = Date.now();
    const slow = await as(t, person)({ url: "/api/addresses/lookup?q=Hidalgo" });
    expect(slow.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(5500);
    mode = "ok";
  });

  it("guarda, edita y borra direcciones propias; ajenas dan 404; el límite es 10", async () => {
    const create = (label: string) =>
      as(t, person)({
        method: "POST",
        url: "/api/addresses",
        payload: { label, street: "Calle Hidalgo", number: "305", neighbourhood: "Zona Centro", city: "Saltillo", state: "Coahuila", postalCode: "25000", lat: 25.42, lng: -101.0 },
      });
    const first = await create("Casa");
    expect(first.statusCode).toBe(201);
    const id = first.json().data._id;
    expect(first.json().data).toMatchObject({ label: "Casa", country: "México", lat: 25.42, lng: -101 });

    const edited = await as(t, person)({ method: "PUT", url: `/api/addresses/${id}`, payload: { label: "Casa de mamá", postalCode: "" } });
    expect(edited.json().data).toMatchObject({ label: "Casa de mamá", postalCode: null, street: "Calle Hidalgo" });

    const stranger = await makePerson(t);
    expect((await as(t, stranger)({ url: `/api/addresses/${id}` })).statusCode).toBe(404);
    expect((await as(t, stranger)({ method: "DELETE", url: `/api/addresses/${id}` })).statusCode).toBe(404);

    const invalid = await as(t, person)({ method: "POST", url: "/api/addresses", payload: { label: "", street: "x", city: "S", state: "C", postalCode: "123", lat: 25 } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().issues).toEqual(
      expect.arrayContaining([
        { path: ["label"], message: "El nombre de la dirección es obligatorio." },
        { path: ["postalCode"], message: "El código postal debe tener 5 dígitos." },
        { path: ["lng"], message: "Indica latitud y longitud juntas." },
      ]),
    );

    for (let i = 2; i <= 10; i++) expect((await create(`Dirección ${i}`)).statusCode).toBe(201);
    const eleventh = await create("Once");
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json().message).toBe("Puedes guardar hasta 10 direcciones. Borra una para agregar otra.");
    expect((await as(t, person)({ url: "/api/addresses" })).json().data.items).toHaveLength(10);

    expect((await as(t, person)({ method: "DELETE", url: `/api/addresses/${id}` })).statusCode).toBe(200);
    expect((await create("Ahora sí")).statusCode).toBe(201);
  });
});
