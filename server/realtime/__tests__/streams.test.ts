import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addressOf, registeredUser, type TestPerson } from "../../test/accounts";
import { bearer } from "../../test/emulator";
import { createTestApp, type TestApp } from "../../test/harness";
import { openStream, type TestStream } from "../../test/sse";
import { notifyUsers } from "../../routes/notifications/service";

// Many streams on one instance: every tab of a person gets each notification once, and every
// open stream keeps getting its keep-alive comments (server/realtime/heartbeat.ts).

describe("streams de notificaciones en una instancia", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { SSE_HEARTBEAT_MS: "1000" } });
  });
  afterAll(async () => {
    await t.close();
  });

  async function streamOf(person: TestPerson): Promise<TestStream> {
    const ticket = await t.request({ method: "POST", url: "/api/notifications/stream-ticket", headers: bearer(person) });
    const stream = await openStream(addressOf(t), ticket.json().data.url);
    await stream.waitFor((e) => e.event === "ready");
    return stream;
  }

  it("dos pestañas de la misma persona reciben cada aviso una vez, idéntico; las demás personas, nada", async () => {
    const person = await registeredUser(t);
    const other = await registeredUser(t);
    const tabs = [await streamOf(person), await streamOf(person)];
    const elsewhere = await streamOf(other);
    try {
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "Uno", body: "b" }]);
      await notifyUsers(t.database, [{ userId: person.uid, kind: "prueba", title: "Dos", body: "b" }]);
      const received = await Promise.all(tabs.map((tab) => tab.waitFor((e) => e.event === "notification" && e.data.title === "Dos", 2000)));
      expect(received[0]!.data).toEqual(received[1]!.data);
      expect(received[0]!.id).toBe(received[1]!.id);
      for (const tab of tabs) expect(tab.events.filter((e) => e.event === "notification").map((e) => e.data.title)).toEqual(["Uno", "Dos"]);
      expect(elsewhere.events.filter((e) => e.event === "notification")).toHaveLength(0);
    } finally {
      for (const stream of [...tabs, elsewhere]) stream.close();
    }
  });

  it("cada stream abierto recibe su latido en cada intervalo, también los que se abren después", async () => {
    const people = await Promise.all(Array.from({ length: 4 }, () => registeredUser(t)));
    const streams = await Promise.all(people.flatMap((person) => [streamOf(person), streamOf(person), streamOf(person)]));
    try {
      await new Promise((r) => setTimeout(r, 2300));
      expect(streams.map((s) => s.comments.filter((c) => c === "ping").length >= 2)).toEqual(streams.map(() => true));
      const late = await streamOf(people[0]!);
      streams.push(late);
      await new Promise((r) => setTimeout(r, 1300));
      expect(late.comments).toContain("ping");
    } finally {
      for (const stream of streams) stream.close();
    }
  });
});
