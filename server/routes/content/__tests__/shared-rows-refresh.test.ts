import { describe, expect, it } from "@jest/globals";
import { KEPT_ROWS_MS, ROWS_REFRESH_AHEAD_MS } from "../../../plugins/http-cache";
import { sharedRows } from "../shared-rows";

// A row that is being read is loaded again before its lifetime ends, in the background, so its
// readers never wait on the database when it would have expired; one nobody reads expires as
// before. Time is a hand-moved clock; loads are promises the test settles.

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

// Rows declare their weight as a number; a reader's account, as a function of what arrived.
const WEIGHTS = [
  ["con peso fijo", 1],
  ["con peso según lo que llega", (value: string) => value.length],
] as const;

function setup(weight: number | ((value: string) => number)) {
  const clock = { t: 1_000, now: () => clock.t };
  let stamp = "1.0";
  const rows = sharedRows(() => stamp, { clock });
  const loads: { resolve: (value: string) => void; reject: (error: Error) => void }[] = [];
  let next = 0;
  const load = () =>
    new Promise<string>((resolve, reject) => {
      loads.push({ resolve, reject });
    });
  const read = () => rows.get("item:e1", "events:e1", weight, load);
  /** Settles the newest load with "v<n>". */
  const answer = async () => {
    loads.at(-1)!.resolve(`v${++next}`);
    await nextTurn();
  };
  /** A read answers at once with `value`, and no load has been added past `loadCount`. */
  const answersAtOnce = async (value: string, loadCount: number) => {
    expect(await settledNow(read())).toEqual({ done: true, value });
    expect(loads).toHaveLength(loadCount);
  };
  /** A read waits for a new load (the `loadCount`-th) and is answered with what it brings. */
  const waitsForLoad = async (loadCount: number, value: string) => {
    const late = read();
    expect((await settledNow(late)).done).toBe(false);
    expect(loads).toHaveLength(loadCount);
    await answer();
    expect(await late).toBe(value);
  };
  /** A value kept, then read in its last stretch: its renewal (the second load) is on its way. */
  const renewing = async () => {
    void read();
    await answer();
    clock.t += KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS;
    void read();
    expect(loads).toHaveLength(2);
  };
  return { clock, loads, read, answer, answersAtOnce, waitsForLoad, renewing, changeContent: () => (stamp = "2.0") };
}

/** Whether `promise` has settled by the next turn of the event loop. */
async function settledNow<T>(promise: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => (state = { done: true, value }));
  await nextTurn();
  return state;
}

describe.each(WEIGHTS)("filas guardadas: se leen de nuevo antes de vencer (%s)", (_, weight) => {
  it("una fila que se sigue leyendo se renueva en segundo plano y nadie espera a la base cuando habría vencido", async () => {
    const { clock, loads, read, answer } = setup(weight);
    const first = read();
    await answer();
    expect(await first).toBe("v1");
    expect(loads).toHaveLength(1);

    // Before the last stretch of its life, reads take the kept value and load nothing.
    clock.t += KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS - 1;
    expect(await settledNow(read())).toEqual({ done: true, value: "v1" });
    expect(loads).toHaveLength(1);

    // In the last stretch: the read answers at once with the value in hand, and one load starts.
    clock.t += 2;
    expect(await settledNow(read())).toEqual({ done: true, value: "v1" });
    expect(await settledNow(read())).toEqual({ done: true, value: "v1" });
    expect(loads).toHaveLength(2);

    await answer();
    expect(await settledNow(read())).toEqual({ done: true, value: "v2" });

    // Past the first value's end, the renewed one answers at once: no read waits.
    clock.t += ROWS_REFRESH_AHEAD_MS + 100;
    expect(await settledNow(read())).toEqual({ done: true, value: "v2" });
    expect(loads).toHaveLength(2);
  });

  it("el valor renovado vive desde que se pidió, no más", async () => {
    const { clock, answer, answersAtOnce, waitsForLoad, renewing } = setup(weight);
    await renewing();
    const askedAt = clock.t;
    clock.t += 500;
    await answer();
    // It answers to its end without a load (it would be renewed in its own last stretch)…
    clock.t = askedAt + KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS - 1;
    await answersAtOnce("v2", 2);
    // …which is KEPT_ROWS_MS after it was asked for: then a read waits for a load.
    clock.t = askedAt + KEPT_ROWS_MS + 1;
    await waitsForLoad(3, "v3");
  });

  it("una fila que nadie lee al final de su vida vence y la lectura siguiente la carga", async () => {
    const { clock, read, answer, waitsForLoad } = setup(weight);
    void read();
    await answer();
    clock.t += KEPT_ROWS_MS + 1;
    await waitsForLoad(2, "v2");
  });

  it("si la carga de renovación falla, el valor que hay responde hasta su fin y después se carga de nuevo", async () => {
    const { clock, loads, read, answer, answersAtOnce, waitsForLoad } = setup(weight);
    void read();
    await answer();
    clock.t += KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS;
    await answersAtOnce("v1", 2);
    loads[1]!.reject(new Error("la base no contestó"));
    await nextTurn();
    // A failed renewal may be tried again by a later read in the same stretch.
    await answersAtOnce("v1", 3);
    loads[2]!.reject(new Error("la base sigue sin contestar"));
    await nextTurn();
    clock.t += ROWS_REFRESH_AHEAD_MS - 1;
    await answersAtOnce("v1", 4);
    clock.t += 2;
    await waitsForLoad(5, "v2");
  });

  it("lo renovado mientras cambia el contenido no se responde después del cambio", async () => {
    const { loads, read, answersAtOnce, renewing, changeContent } = setup(weight);
    await renewing();
    changeContent();
    // The read after the change does not take the kept value: it loads under the new stamp.
    const afterChange = read();
    expect(loads).toHaveLength(3);
    // The renewal started before the change arrives last: the load after the change stands.
    loads[2]!.resolve("después del cambio");
    await nextTurn();
    loads[1]!.resolve("antes del cambio");
    await nextTurn();
    expect(await afterChange).toBe("después del cambio");
    await answersAtOnce("después del cambio", 3);
  });

  it("una renovación que llega después de un cambio, sin lecturas entre medias, tampoco se responde", async () => {
    const { loads, waitsForLoad, renewing, changeContent } = setup(weight);
    await renewing();
    changeContent();
    loads[1]!.resolve("leído durante el cambio");
    await nextTurn();
    await waitsForLoad(3, "v2");
  });
});

// Rows read again unchanged keep the objects already kept: the ones just read die young, where
// V8 collects them cheaply, instead of living into its old generation and dying there, which is
// what full collections (pauses of every reader) came to clear.
describe("filas guardadas: una renovación que lee lo mismo", () => {
  type EventRow = { id: string; title: string; startsAt: Date; tags: string[] };
  const row = (title: string): EventRow => ({ id: "e1", title, startsAt: new Date("2026-12-05T20:00:00-06:00"), tags: ["música"] });

  function setup() {
    const clock = { t: 1_000, now: () => clock.t };
    const rows = sharedRows(() => "1.0", { clock });
    const loads: ((value: EventRow) => void)[] = [];
    const read = () => rows.get("item:e1", "events:e1", 1, () => new Promise<EventRow>((resolve) => loads.push(resolve)));
    return { clock, loads, read };
  }

  /** Keeps `first`, then starts its renewal, which arrives half a second later with `renewal`. */
  async function renewedLate({ clock, loads, read }: ReturnType<typeof setup>, first: EventRow, renewal: EventRow) {
    void read();
    loads[0]!(first);
    await nextTurn();
    clock.t += KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS;
    const askedAt = clock.t;
    void read();
    expect(loads).toHaveLength(2);
    clock.t += 500;
    loads[1]!(renewal);
    await nextTurn();
    return askedAt;
  }

  it("sigue respondiendo con lo que ya tenía, que vive desde que se pidió la renovación y se renueva otra vez", async () => {
    const rows = setup();
    const { clock, loads, read } = rows;
    const first = row("Concierto en la Alameda");
    const renewed = row("Concierto en la Alameda");
    const askedAt = await renewedLate(rows, first, renewed);
    const answered = await read();
    expect(answered).toEqual(renewed);
    expect(answered).toBe(first);
    // It answers without a load until its own last stretch, counted from when the renewal was asked for…
    clock.t = askedAt + KEPT_ROWS_MS - ROWS_REFRESH_AHEAD_MS - 1;
    expect(await settledNow(read())).toEqual({ done: true, value: first });
    expect(loads).toHaveLength(2);
    // …where a read renews it again, still answering at once.
    clock.t += 1;
    expect(await settledNow(read())).toEqual({ done: true, value: first });
    expect(loads).toHaveLength(3);
  });

  it("sin lecturas en su último tramo, vence un ciclo después de pedida la renovación, no de su llegada", async () => {
    const rows = setup();
    const { clock, loads, read } = rows;
    const askedAt = await renewedLate(rows, row("Concierto en la Alameda"), row("Concierto en la Alameda"));
    clock.t = askedAt + KEPT_ROWS_MS + 1;
    const late = read();
    expect((await settledNow(late)).done).toBe(false);
    expect(loads).toHaveLength(3);
  });

  it("lo que cambió se responde: un título, una fecha o una etiqueta distintos", async () => {
    const changes: ((value: EventRow) => void)[] = [
      (value) => (value.title = "Concierto en la Alameda (cambia de hora)"),
      (value) => value.startsAt.setTime(value.startsAt.getTime() + 60 * 60_000),
      (value) => value.tags.push("gratis"),
    ];
    for (const change of changes) {
      const rows = setup();
      const renewed = row("Concierto en la Alameda");
      change(renewed);
      await renewedLate(rows, row("Concierto en la Alameda"), renewed);
      expect(await rows.read()).toBe(renewed);
    }
  });
});
