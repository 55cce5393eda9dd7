import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, daysFromNow, makePerson, type Person } from "../../content/__tests__/helpers";

// Keyset pagination under concurrent inserts, time windows, eventos para ti, spam quota and
// idempotent creates.

describe("listas de eventos", () => {
  let t: TestApp;
  let organizer: Person;

  beforeAll(async () => {
    t = await createTestApp();
    organizer = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("recorre todas las páginas sin huecos ni repetidos mientras se agregan eventos", async () => {
    // Thirty events, several sharing the exact same start (the id breaks the tie).
    const start = Date.now() + 40 * 86_400_000;
    const values: string[] = [];
    for (let i = 0; i < 30; i++) {
      const at = new Date(start + Math.floor(i / 3) * 3600_000).toISOString();
      values.push(`('pag-${String(i).padStart(2, "0")}', 'Evento ${i}', '${at}', 'Centro', '${organizer.uid}')`);
    }
    await t.database.query(`INSERT INTO events (id, title, starts_at, address, organizer_id) VALUES ${values.join(", ")}`);
    const from = new Date(start - 3600_000).toISOString();
    const seen: string[] = [];
    let cursor: string | null = null;
    let inserted = 0;
    do {
      const query: string = `/api/events?from=${encodeURIComponent(from)}&limit=4${cursor ? `&cursor=${cursor}` : ""}`;
      const res = await as(t, null)({ url: query });
      expect(res.statusCode).toBe(200);
      const page = res.json().data as { items: { _id: string }[]; nextCursor: string | null };
      seen.push(...page.items.map((e) => e._id));
      cursor = page.nextCursor;
      // Between pages, one event lands before the cursor and one after it.
      inserted++;
      await t.database.query(
        `INSERT INTO events (id, title, starts_at, address, organizer_id) VALUES
           ($1, 'Antes', $2, 'Centro', $4), ($3, 'Después', $5, 'Centro', $4)`,
        [`early-${inserted}`, new Date(start - 1800_000).toISOString(), `late-${inserted}`, organizer.uid, new Date(start + 20 * 3600_000).toISOString()],
      );
    } while (cursor);
    const original = Array.from({ length: 30 }, (_, i) => `pag-${String(i).padStart(2, "0")}`);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((id) => id.startsWith("pag-"))).toEqual(original);
    // Events inserted after the cursor are reached; those inserted behind it are not repeated.
    expect(seen.some((id) => id.startsWith("late-"))).toBe(true);
  });

  it("rechaza un cursor alterado con 400", async () => {
    const res = await as(t, null)({ url: "/api/events?cursor=esto-no-es-un-cursor" });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("El cursor no es válido; vuelve a cargar la lista.");
  });

  it("muestra en «hoy» una exposición que empezó hace días y sigue abierta, y en «pasados» lo que ya terminó", async () => {
    const running = await createEvent(t, organizer, { title: "Exposición larga", startsAt: daysFromNow(-10, 10), endsAt: daysFromNow(20, 18) });
    const finished = await createEvent(t, organizer, { title: "Ya pasó", startsAt: daysFromNow(-3), endsAt: daysFromNow(-3, 21) });
    const today = (await as(t, null)({ url: "/api/events?when=today&limit=50" })).json().data.items.map((e: { _id: string }) => e._id);
    expect(today).toContain(running);
    expect(today).not.toContain(finished);
    const past = (await as(t, null)({ url: `/api/events?when=past&organizerId=${organizer.uid}&limit=50` })).json().data.items.map((e: { _id: string }) => e._id);
    expect(past).toContain(finished);
    expect(past).not.toContain(running);
  });
});

describe("eventos para ti", () => {
  let t: TestApp;
  let organizer: Person;
  let reader: Person;

  beforeAll(async () => {
    t = await createTestApp();
    organizer = await makePerson(t);
    reader = await makePerson(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it("pone primero lo del lugar que sigo y lo cercano a mi dirección, y explica por qué", async () => {
    const followedPlace = await createPlace(t, organizer, { name: "Foro seguido", lat: 25.5, lng: -100.9 });
    const nearPlace = await createPlace(t, organizer, { name: "Foro cercano", lat: 25.4232, lng: -101.0053 });
    const atFollowed = await createEvent(t, organizer, { title: "En el lugar seguido", placeId: followedPlace, startsAt: daysFromNow(10) });
    const near = await createEvent(t, organizer, { title: "Cerca de casa", placeId: nearPlace, startsAt: daysFromNow(9) });
    const other = await createEvent(t, organizer, { title: "Otro cualquiera", startsAt: daysFromNow(1) });
    await as(t, reader)({ method: "POST", url: `/api/places/${followedPlace}/follow` });
    await as(t, reader)({
      method: "POST",
      url: "/api/addresses",
      payload: { label: "Casa", street: "Calle Juárez", number: "200", city: "Saltillo", state: "Coahuila", lat: 25.424, lng: -101.004 },
    });

    const res = await as(t, reader)({ url: "/api/events/for-you" });
    expect(res.statusCode).toBe(200);
    const items = res.json().data.items as { _id: string; reasons: string[] }[];
    const order = items.map((e) => e._id);
    expect(order.indexOf(atFollowed)).toBe(0);
    expect(order.indexOf(near)).toBe(1);
    expect(order).toContain(other);
    expect(items[0]!.reasons).toContain("place");
    expect(items[1]!.reasons).toContain("nearby");
    expect(res.json().data.nextCursor).toBeNull();

    // Signed out: the soonest and most followed events still fill the list.
    const anonymous = await as(t, null)({ url: "/api/events/for-you?limit=5" });
    expect(anonymous.json().data.items.length).toBeGreaterThan(0);
  });
});

describe("publicación: cuentas sin verificar e idempotencia", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("una cuenta sin verificar publica hasta 3 eventos al día (una serie cuenta una vez) y luego recibe 429", async () => {
    const newcomer = await makePerson(t, { verified: false });
    await createEvent(t, newcomer, { title: "Uno" });
    await createEvent(t, newcomer, { title: "Dos", recurrence: { rule: "weekly", until: daysFromNow(30).slice(0, 10) } });
    await createEvent(t, newcomer, { title: "Tres" });
    const fourth = await as(t, newcomer)({ method: "POST", url: "/api/events", payload: { title: "Cuatro", startsAt: daysFromNow(2), address: "Centro" } });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({
      code: "RATE_LIMITED",
      message: "Las cuentas sin verificar pueden publicar hasta 3 eventos al día. Solicita la verificación de tu cuenta para publicar sin este límite.",
    });
    const verified = await makePerson(t, { verified: true });
    for (const title of ["A", "B", "C", "D"]) await createEvent(t, verified, { title: `Verificada ${title}` });
  });

  it("repetir una creación con la misma Idempotency-Key devuelve el mismo evento sin duplicarlo", async () => {
    const person = await makePerson(t);
    const send = () =>
      as(t, person)({
        method: "POST",
        url: "/api/events",
        headers: { "idempotency-key": "offline-1234-abcd" },
        payload: { title: "Creado sin conexión", startsAt: daysFromNow(3), address: "Centro" },
      });
    const first = await send();
    const replay = await send();
    expect(first.statusCode).toBe(201);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers["idempotent-replayed"]).toBe("true");
    expect(replay.json().data._id).toBe(first.json().data._id);
    const rows = await t.database.query<{ n: number }>("SELECT count(*)::int AS n FROM events WHERE organizer_id = $1", [person.uid]);
    expect(rows[0]?.n).toBe(1);

    const otherKind = await as(t, person)({
      method: "POST",
      url: "/api/places",
      headers: { "idempotency-key": "offline-1234-abcd" },
      payload: { name: "Otro", category: "otro", address: {} },
    });
    expect(otherKind.statusCode).toBe(409);
    const bad = await as(t, person)({ method: "POST", url: "/api/events", headers: { "idempotency-key": "x" }, payload: { title: "Mal", startsAt: daysFromNow(1), address: "x" } });
    expect(bad.statusCode).toBe(400);
  });
});
