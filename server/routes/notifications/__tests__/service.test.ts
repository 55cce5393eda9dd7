import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../../db/client";
import { notificationsChannel } from "../../../realtime/channel";
import { openTestDatabase } from "../../../test/harness";
import { createNotificationsRepository } from "../repository";
import { notifyUsers, notifyUsersReturning } from "../service";

// notifyUsers is the API other modules call: it stores rows and publishes them on the channel.

describe("notifyUsers", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.query("INSERT INTO users (id, name, email) VALUES ('u1', 'Ana', 'ana@plaza.test'), ('u2', 'Beto', 'beto@plaza.test')");
  });
  afterAll(async () => {
    await database.close();
  });

  it("no hace nada con una lista vacía", async () => {
    await expect(notifyUsers(database, [])).resolves.toBeUndefined();
    const rows = await database.query<{ n: number }>("SELECT count(*)::int AS n FROM notifications");
    expect(rows[0]?.n).toBe(0);
  });

  it("guarda una fila por elemento, omite usuarios inexistentes y publica cada una en el canal", async () => {
    const received: unknown[] = [];
    const stop = await database.listen(notificationsChannel(database), (payload) => received.push(JSON.parse(payload)));
    try {
      const stored = await notifyUsersReturning(database, [
        { userId: "u1", kind: "prueba", title: "Hola", body: "Mundo", link: "/profile/u2", data: { a: 1 } },
        { userId: "u2", kind: "prueba", title: "Hola 2", body: "Mundo 2" },
        { userId: "no-existe", kind: "prueba", title: "x", body: "y" },
      ]);
      expect(stored.map((n) => n.userId).sort()).toEqual(["u1", "u2"]);
      const deadline = Date.now() + 2000;
      while (received.length < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(received).toHaveLength(2);
      expect(received).toContainEqual({
        type: "notification",
        userId: "u1",
        id: stored.find((n) => n.userId === "u1")!._id,
        notification: expect.objectContaining({ title: "Hola", body: "Mundo", link: "/profile/u2", data: { a: 1 }, viewed: false }),
      });
    } finally {
      await stop();
    }
  });

  it("guarda una sola vez la misma clave de idempotencia por usuario", async () => {
    const item = { userId: "u1", kind: "follow", title: "T", body: "B", idempotencyKey: "follow:u2" };
    expect(await notifyUsersReturning(database, [item])).toHaveLength(1);
    expect(await notifyUsersReturning(database, [item])).toHaveLength(0);
    const repo = createNotificationsRepository(database);
    const page = await repo.listForUser("u1", { cursor: null, limit: 50 });
    expect(page.items.filter((n) => n.kind === "follow")).toHaveLength(1);
  });
});
