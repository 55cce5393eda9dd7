import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@jest/globals";
import { createTestApp } from "../../test/harness";
import { as, makePerson } from "../../routes/content/__tests__/helpers";
import { createNominatimGeocoder, GeocoderBusyError, GeocoderUnavailableError } from "../nominatim";

// The geocoder against a local stand-in that speaks Nominatim's /search?format=jsonv2 and counts
// what it receives: OpenStreetMap's usage policy (≤ 1 request/s, cached answers, identifying
// User-Agent) is about what reaches that server.

interface Received {
  at: number;
  q: string;
  userAgent: string | undefined;
}

describe("geocodificación respetuosa con Nominatim", () => {
  let server: http.Server;
  let url: string;
  let received: Received[] = [];
  let failNext = false;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const params = new URL(req.url ?? "/", "http://x").searchParams;
      received.push({ at: Date.now(), q: params.get("q") ?? "", userAgent: req.headers["user-agent"] });
      if (failNext) {
        failNext = false;
        res.writeHead(502).end("bad gateway");
        return;
      }
      // Answer a little later, so concurrent look-ups really overlap.
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify([
            {
              display_name: `${params.get("q")}, Saltillo, Coahuila, México`,
              lat: "25.42",
              lon: "-101.00",
              address: { road: params.get("q"), city: "Saltillo", state: "Coahuila", country: "México" },
            },
          ]),
        );
      }, 50);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    received = [];
    failNext = false;
  });

  it("guarda las respuestas: la misma búsqueda con otras mayúsculas o espacios no vuelve a salir", async () => {
    const geocoder = createNominatimGeocoder({ url });
    const first = await geocoder.search("Calle Hidalgo 305, Saltillo");
    const again = await geocoder.search("  calle   HIDALGO 305 ,saltillo ");
    expect(again).toEqual(first);
    expect(received.map((r) => r.q)).toEqual(["calle hidalgo 305, saltillo"]);
  });

  it("búsquedas idénticas simultáneas comparten una sola petición", async () => {
    const geocoder = createNominatimGeocoder({ url });
    const answers = await Promise.all(Array.from({ length: 5 }, () => geocoder.search("Allende 100")));
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(received).toHaveLength(1);
  });

  it("a lo sumo una petición por segundo hacia el servicio, aunque lleguen varias a la vez", async () => {
    const geocoder = createNominatimGeocoder({ url });
    await Promise.all(["Juárez 1", "Juárez 2", "Juárez 3"].map((q) => geocoder.search(q)));
    expect(received).toHaveLength(3);
    const gaps = received.slice(1).map((r, i) => r.at - received[i]!.at);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(1000);
  });

  it("aunque una petición tarde en llegar (una conexión lenta, una máquina ocupada), la siguiente llega un segundo después", async () => {
    // The first request spends 600 ms on its way, as it did on a loaded CI machine: spacing the
    // sends alone let the second one reach the service 479 ms after it.
    let calls = 0;
    const slowFirst: typeof fetch = async (input, init) => {
      if (calls++ === 0) await new Promise((resolve) => setTimeout(resolve, 600));
      return fetch(input, init);
    };
    const geocoder = createNominatimGeocoder({ url, fetchImpl: slowFirst });
    await Promise.all(["Morelos 1", "Morelos 2"].map((q) => geocoder.search(q)));
    expect(received).toHaveLength(2);
    expect(received[1]!.at - received[0]!.at).toBeGreaterThanOrEqual(1000);
  });

  it("más allá de unas pocas en espera responde ocupado al instante en vez de encolar sin fin", async () => {
    const geocoder = createNominatimGeocoder({ url, maxWaiting: 2 });
    const started = Date.now();
    const results = await Promise.allSettled(["Uno", "Dos", "Tres", "Cuatro", "Cinco"].map((q) => geocoder.search(`Calle ${q}`)));
    const busy = results.filter((r) => r.status === "rejected");
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(busy).toHaveLength(2);
    for (const r of busy) {
      const reason = (r as PromiseRejectedResult).reason;
      expect(reason).toBeInstanceOf(GeocoderBusyError);
      expect((reason as GeocoderBusyError).retryAfterSeconds).toBeGreaterThanOrEqual(1);
    }
    expect(received).toHaveLength(3);
    expect(Date.now() - started).toBeLessThan(4000);
  });

  it("los fallos no se guardan: la siguiente búsqueda vuelve a preguntar", async () => {
    const geocoder = createNominatimGeocoder({ url, minIntervalMs: 0 });
    failNext = true;
    await expect(geocoder.search("Victoria 5")).rejects.toBeInstanceOf(GeocoderUnavailableError);
    await expect(geocoder.search("Victoria 5")).resolves.toHaveLength(1);
    expect(received).toHaveLength(2);
  });

  it("la API envía el User-Agent configurado y responde 503 con Retry-After cuando hay demasiadas en espera", async () => {
    const t = await createTestApp({ env: { GEOCODER_URL: url, GEOCODER_USER_AGENT: "Plaza-pruebas/1.0 (operaciones@plaza.example)" } });
    try {
      const person = await makePerson(t);
      const lookups = await Promise.all(
        ["Aldama", "Bravo", "Colón", "Degollado", "Escobedo", "Frontera", "Galeana"].map((q) =>
          as(t, person)({ url: `/api/addresses/lookup?q=${encodeURIComponent(q)}` }),
        ),
      );
      const ok = lookups.filter((r) => r.statusCode === 200);
      const busy = lookups.filter((r) => r.statusCode === 503);
      // One goes out at once, four wait for their second; the rest are told to come back.
      expect(ok).toHaveLength(5);
      expect(busy).toHaveLength(2);
      for (const res of busy) {
        expect(res.json()).toEqual({ code: "GEOCODER_UNAVAILABLE", message: "No pudimos buscar la dirección; escríbela a mano." });
        expect(Number(res.headers["retry-after"])).toBeGreaterThanOrEqual(1);
      }
      expect(received).toHaveLength(5);
      expect(new Set(received.map((r) => r.userAgent))).toEqual(new Set(["Plaza-pruebas/1.0 (operaciones@plaza.example)"]));
    } finally {
      await t.close();
    }
  });
});
