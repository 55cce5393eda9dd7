import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createCommunity, createEvent, makePerson, type Person } from "../../content/__tests__/helpers";

// The public moderation log: hides, shows again and deletions, with their reasons, newest first,
// readable by anyone; never the moderator's or a reporter's identity, never featuring.

describe("registro público de moderación", () => {
  let t: TestApp;
  let admin: Person;
  let author: Person;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makePerson(t, { accountType: "ADMIN", name: "Moderadora" });
    author = await makePerson(t, { name: "Autora" });
  });
  afterAll(() => t?.close());

  it("lista ocultar, volver a mostrar y borrar con su motivo, del más reciente al más antiguo, sin identidades", async () => {
    const eventId = await createEvent(t, author, { title: "Rifa dudosa" });
    const communityId = await createCommunity(t, author, "Club de apuestas");
    const moderate = (url: string, payload: unknown) => as(t, admin)({ method: "POST", url, payload });
    expect((await moderate(`/api/events/${eventId}/moderate`, { action: "hide", reason: "Sorteo sin permiso." })).statusCode).toBe(200);
    expect((await moderate(`/api/events/${eventId}/moderate`, { action: "unhide", reason: null })).statusCode).toBe(200);
    expect((await moderate(`/api/events/${eventId}/moderate`, { action: "feature", reason: null })).statusCode).toBe(200);
    const removed = await as(t, admin)({ method: "DELETE", url: `/api/communities/${communityId}?reason=${encodeURIComponent("Apuestas ilegales.")}` });
    expect(removed.statusCode).toBe(200);

    const res = await t.request({ url: "/api/moderation-log" });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as Record<string, unknown>[];
    expect(items.map(({ kind, label, action, reason }) => ({ kind, label, action, reason }))).toEqual([
      { kind: "communities", label: "Club de apuestas", action: "delete", reason: "Apuestas ilegales." },
      { kind: "events", label: "Rifa dudosa", action: "unhide", reason: null },
      { kind: "events", label: "Rifa dudosa", action: "hide", reason: "Sorteo sin permiso." },
    ]);
    expect(Object.keys(items[0]!).sort()).toEqual(["_id", "action", "createdAt", "kind", "label", "reason"]);
    expect(res.body).not.toContain(admin.uid);
    expect(res.body).not.toContain(author.uid);
  });

  it("pagina con cursor y rechaza un cursor falsificado con 400 en español", async () => {
    for (let i = 0; i < 3; i++) {
      const id = await createEvent(t, author, { title: `Evento ${i}` });
      await as(t, admin)({ method: "POST", url: `/api/events/${id}/moderate`, payload: { action: "hide", reason: `Motivo ${i}` } });
    }
    const first = (await t.request({ url: "/api/moderation-log?limit=2" })).json().data;
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await t.request({ url: `/api/moderation-log?limit=2&cursor=${encodeURIComponent(first.nextCursor)}` })).json().data;
    const ids = [...first.items, ...second.items].map((i: { _id: string }) => i._id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(second.items[0].createdAt <= first.items[1].createdAt).toBe(true);

    const forged = await t.request({ url: "/api/moderation-log?cursor=no-es-un-cursor" });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe("El cursor no es válido; vuelve a cargar la lista.");
  });
});
