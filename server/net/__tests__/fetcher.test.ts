// @database-independent: plain code against a local HTTP server (scripts/test.mjs runs it in one API run).
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createFetcher, isPublicAddress, REMOTE_REFUSED } from "../fetcher";

// The bounded fetcher against a real local HTTP server: what it reads, and every way a typed URL
// could make the server reach its own network or hang on a huge or slow answer.

describe("lector de sitios remotos acotado", () => {
  let server: http.Server;
  let base: string;
  let host: string;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      const url = new URL(request.url!, "http://x");
      if (url.pathname === "/cal.ics") return response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" }).end("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
      if (url.pathname === "/grande") return response.writeHead(200, { "content-type": "text/calendar" }).end("x".repeat(3000));
      // Never answers: only the fetcher's own deadline ends the wait.
      if (url.pathname === "/lento") return;
      if (url.pathname === "/imagen") return response.writeHead(200, { "content-type": "image/png" }).end("png");
      if (url.pathname === "/a-cal") return response.writeHead(302, { location: "/cal.ics" }).end();
      if (url.pathname === "/a-metadatos") return response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      if (url.pathname === "/bucle") return response.writeHead(302, { location: "/bucle" }).end();
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    base = `http://${host}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  // A generous deadline everywhere but the test about deadlines: on a loaded 2-core CI machine
  // the first request of the suite once took longer than 800 ms to come back from localhost.
  const allowed = (timeoutMs = 10_000) => createFetcher({ allowPrivateHosts: [host], maxBytes: 2000, timeoutMs });
  const refusal = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      return { status: (error as { statusCode: number }).statusCode, message: (error as Error).message };
    }
    throw new Error("Se esperaba un rechazo");
  };

  it("lee un documento permitido, también tras una redirección, y dice de dónde vino", async () => {
    const fetched = await allowed()(`${base}/a-cal`, ["text/calendar"]);
    expect(fetched).toEqual({ url: `${base}/cal.ics`, contentType: "text/calendar; charset=utf-8", text: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" });
  });

  it("rechaza lo que no es http(s), la red propia y lo que se resuelve a ella", async () => {
    const strict = createFetcher();
    for (const url of ["ftp://example.com/cal.ics", "file:///etc/passwd", `${base}/cal.ics`, "http://[::1]/", "http://10.0.0.7/", "http://169.254.169.254/latest/meta-data/"]) {
      expect(await refusal(strict(url, ["text/calendar"]))).toEqual({ status: 400, message: REMOTE_REFUSED });
    }
    // A public-looking name that resolves to the private network.
    const rebinding = createFetcher({ resolve: async () => [{ address: "192.168.1.1", family: 4 }] });
    expect(await refusal(rebinding("http://eventos.example/cal.ics", ["text/calendar"]))).toEqual({ status: 400, message: REMOTE_REFUSED });
    expect(await refusal(strict("http://usuario:clave@example.com/", ["text/calendar"]))).toEqual({ status: 400, message: "La dirección no puede llevar usuario ni contraseña." });
    expect(await refusal(strict("no es una dirección", ["text/calendar"]))).toEqual({ status: 400, message: "La dirección no es válida." });
  });

  it("revisa cada salto: una redirección hacia la red propia se rechaza; demasiados saltos también", async () => {
    expect(await refusal(allowed()(`${base}/a-metadatos`, ["text/calendar"]))).toEqual({ status: 400, message: REMOTE_REFUSED });
    expect(await refusal(allowed()(`${base}/bucle`, ["text/calendar"]))).toEqual({ status: 422, message: "El sitio redirige demasiadas veces." });
  });

  it("acota tamaño, tiempo y tipo", async () => {
    expect(await refusal(allowed()(`${base}/grande`, ["text/calendar"]))).toEqual({ status: 413, message: "El documento supera el límite de 0 MB." });
    expect(await refusal(allowed(1000)(`${base}/lento`, ["text/calendar"]))).toEqual({ status: 422, message: "El sitio tardó más de 1 s en responder." });
    expect(await refusal(allowed()(`${base}/imagen`, ["text/calendar"]))).toEqual({ status: 422, message: "El sitio no devolvió un documento compatible (image/png)." });
    expect(await refusal(allowed()(`${base}/nada`, ["text/calendar"]))).toEqual({ status: 422, message: "El sitio respondió 404." });
  });

  it("solo las direcciones públicas cuentan como públicas", () => {
    for (const address of ["8.8.8.8", "2001:4860:4860::8888"]) expect(isPublicAddress(address)).toBe(true);
    for (const address of ["127.0.0.1", "10.1.2.3", "172.16.0.1", "192.168.0.1", "100.64.0.1", "169.254.1.1", "0.0.0.0", "224.0.0.1", "::1", "fe80::1", "fc00::1", "::ffff:127.0.0.1", "nada"]) {
      expect(isPublicAddress(address)).toBe(false);
    }
  });
});
