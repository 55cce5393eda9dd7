import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addressOf, registeredUser, type TestPerson } from "../../test/accounts";
import { bearer } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { openStream } from "../../test/sse";
import { redactUrl } from "../logging";

// Stream tickets and calendar feed tokens are credentials carried in URLs: the request logs of a
// real app (captured line by line) keep each request but never the secret.

interface LogLine {
  msg?: string;
  level?: number;
  req?: { method?: string; url?: string };
  url?: string;
  err?: unknown;
}

describe("registros sin secretos", () => {
  let t: TestApp;
  let person: TestPerson;
  const raw: string[] = [];
  const lines = () => raw.map((line) => JSON.parse(line) as LogLine);

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: "info" },
      logStream: { write: (line) => void raw.push(line) },
      configure: (app) => {
        app.get("/api/prueba/falla", async () => {
          throw new Error("falla de prueba");
        });
      },
    });
    person = await registeredUser(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("el ticket del stream de notificaciones no aparece, pero la petición sí", async () => {
    const { url } = (await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(person) })).json().data as { url: string };
    const ticket = new URL(url, "http://x").searchParams.get("ticket")!;
    expect(ticket.length).toBeGreaterThan(20);
    const stream = await openStream(addressOf(t), url);
    expect(stream.status).toBe(200);
    await stream.waitFor((e) => e.event === "ready");
    stream.close();
    // A spent or made-up ticket is refused, and is not logged either.
    expect((await t.request({ url: `/api/notifications/stream?ticket=${ticket}x` })).statusCode).toBe(401);

    expect(raw.join("\n")).not.toContain(ticket);
    const logged = lines().filter((line) => line.req?.url?.startsWith("/api/notifications/stream?"));
    expect(logged.map((line) => line.req!.url)).toEqual(["/api/notifications/stream?ticket=[oculto]", "/api/notifications/stream?ticket=[oculto]"]);
    expect(logged.every((line) => line.msg === "incoming request" && line.req!.method === "GET")).toBe(true);
  });

  it("el token del calendario personal no aparece, pero la petición sí", async () => {
    const { url } = (await t.request({ url: "/api/calendar/feed-url", headers: bearer(person) })).json().data as { url: string };
    const path = new URL(url).pathname;
    const token = /\/api\/calendar\/([^/]+)\.ics$/.exec(path)![1]!;
    expect((await t.request({ url: path })).statusCode).toBe(200);
    expect((await t.request({ url: path.replace(token, `${token}-viejo`) })).statusCode).toBe(404);
    // Percent-escaped, it reaches the same feed, and is masked all the same.
    expect((await t.request({ url: path.replace("calendar", "%63alendar") })).statusCode).toBe(200);

    expect(raw.join("\n")).not.toContain(token);
    const feedRequests = lines().filter((line) => line.req?.url === "/api/calendar/[oculto].ics");
    expect(feedRequests).toHaveLength(3);
    // The route that hands out the address is logged as is.
    expect(lines().some((line) => line.req?.url === "/api/calendar/feed-url")).toBe(true);
  });

  it("el registro de un error 500 tampoco lo muestra", async () => {
    const secret = "secreto-de-prueba-1234567890";
    const res = await t.request({ url: `/api/prueba/falla?ticket=${secret}&pagina=2` });
    expect(res.statusCode).toBe(500);
    expect(raw.join("\n")).not.toContain(secret);
    const failure = lines().find((line) => line.msg === "Error no controlado");
    expect(failure).toMatchObject({ url: "/api/prueba/falla?ticket=[oculto]&pagina=2", level: 50 });
  });

  it("enmascara cualquier forma de escribir el secreto en la URL", () => {
    expect(redactUrl("/api/notifications/stream?pagina=1&TICKET=abc")).toBe("/api/notifications/stream?pagina=1&TICKET=[oculto]");
    expect(redactUrl("/api/notifications/stream?tick%65t=abc")).toBe("/api/notifications/stream?tick%65t=[oculto]");
    expect(redactUrl("/api/calendar//abc.ics?token=zz")).toBe("/api/calendar//[oculto].ics?token=[oculto]");
    expect(redactUrl("/api/calendar/abc")).toBe("/api/calendar/[oculto]");
    expect(redactUrl("/api/calendar/feed-url/rotate")).toBe("/api/calendar/feed-url/rotate");
    expect(redactUrl("/api/events?limit=3")).toBe("/api/events?limit=3");
  });
});
