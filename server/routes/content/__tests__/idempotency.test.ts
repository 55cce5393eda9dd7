import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from "../idempotency";
import { as, daysFromNow, makePerson } from "./helpers";

// An Idempotency-Key names one request: the same key with the same body replays the first
// answer, and the same key with a different body is refused (422) instead of silently handing
// back what the first body created.

describe("Idempotency-Key con otro cuerpo", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("responde 422 si la clave se reusa con otros datos, y repite la respuesta si los datos son los mismos", async () => {
    const person = await makePerson(t);
    const startsAt = daysFromNow(3);
    const send = (payload: Record<string, unknown>) =>
      as(t, person)({ method: "POST", url: "/api/events", headers: { "idempotency-key": "cola-offline-0001" }, payload });

    const first = await send({ title: "Taller de barro", startsAt, address: "Centro" });
    expect(first.statusCode).toBe(201);

    const changed = await send({ title: "Otro taller", startsAt, address: "Centro" });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toEqual({ message: IDEMPOTENCY_KEY_REUSED_MESSAGE, code: "IDEMPOTENCY_KEY_REUSED" });
    expect(changed.headers["idempotent-replayed"]).toBeUndefined();

    // The same fields in another order are the same request.
    const replay = await send({ address: "Centro", startsAt, title: "Taller de barro" });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().data._id).toBe(first.json().data._id);
    // The same route written with its trailing slash is the same request too.
    const slashed = await as(t, person)({
      method: "POST",
      url: "/api/events/",
      headers: { "idempotency-key": "cola-offline-0001" },
      payload: { title: "Taller de barro", startsAt, address: "Centro" },
    });
    expect(slashed.statusCode).toBe(200);
    expect(slashed.json().data._id).toBe(first.json().data._id);

    const rows = await t.database.query<{ title: string }>("SELECT title FROM events WHERE organizer_id = $1", [person.uid]);
    expect(rows.map((r) => r.title)).toEqual(["Taller de barro"]);
  });

  it("las claves son de cada persona: otra persona puede usar la misma clave con otros datos", async () => {
    const [ana, beto] = [await makePerson(t), await makePerson(t)];
    const send = (who: typeof ana, title: string) =>
      as(t, who)({ method: "POST", url: "/api/events", headers: { "idempotency-key": "misma-clave-0002" }, payload: { title, startsAt: daysFromNow(4), address: "Centro" } });
    expect((await send(ana, "De Ana")).statusCode).toBe(201);
    expect((await send(beto, "De Beto")).statusCode).toBe(201);
  });
});
