import { describe, expect, it } from "@jest/globals";
import { PUBLIC_MAX_AGE_SECONDS } from "../../../plugins/http-cache";
import { REFRESH_AHEAD_MS, sharedRows } from "../shared-rows";

// A row that is being read is loaded again before its lifetime ends, in the background, so its
// readers never wait on the database when it would have expired; one nobody reads expires as
// before. Time is a hand-moved clock; loads are promises the test settles.

const LIFETIME_MS = PUBLIC_MAX_AGE_SECONDS * 1000;

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
    await new Promise((r) => setImmediate(r));
  };
  return { clock, loads, read, answer, changeContent: () => (stamp = "2.0") };
}

/** Whether `promise` has settled by the next turn of the event loop. */
async function settledNow<T>(promise: Promise<T>): Promise<{ done: boolean; value?: T }> {
  let state: { done: boolean; value?: T } = { done: false };
  void promise.then((value) => (state = { done: true, value }));
  await new Promise((r) => setImmediate(r));
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
    clock.t += LIFETIME_MS - REFRESH_AHEAD_MS - 1;
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
    clock.t += REFRESH_AHEAD_MS + 100;
    expect(await settledNow(read())).toEqual({ done: true, value: "v2" });
    expect(loads).toHaveLength(2);
  });

  it("el valor renovado vive desde que se pidió, no más", async () => {
    const { clock, loads, read, answer } = setup(weight);
    void read();
    await answer();
    clock.t += LIFETIME_MS - REFRESH_AHEAD_MS;
    void read();
    const askedAt = clock.t;
    clock.t += 500;
    await answer();
    // It answers to its end without a load (it would be renewed in its own last stretch)…
    clock.t = askedAt + LIFETIME_MS - REFRESH_AHEAD_MS - 1;
    expect(await settledNow(read())).toEqual({ done: true, value: "v2" });
    expect(loads).toHaveLength(2);
    // …which is LIFETIME_MS after it was asked for: then a read waits for a load.
    clock.t = askedAt + LIFETIME_MS + 1;
    const late = read();
    expect((await settledNow(late)).done).toBe(false);
    expect(loads).toHaveLength(3);
    await answer();
    expect(await late).toBe("v3");
  });

  it("una fila que nadie lee al final de su vida vence y la lectura siguiente la carga", async () => {
    const { clock, loads, read, answer } = setup(weight);
    void read();
    await answer();
    clock.t += LIFETIME_MS + 1;
    const late = read();
    expect((await settledNow(late)).done).toBe(false);
    expect(loads).toHaveLength(2);
    await answer();
    expect(await late).toBe("v2");
  });

  it("si la carga de renovación falla, el valor que hay responde hasta su fin y después se carga de nuevo", async () => {
    const { clock, loads, read, answer } = setup(weight);
    void read();
    await answer();
    clock.t += LIFETIME_MS - REFRESH_AHEAD_MS;
    expect(await settledNow(read())).toEqual({ done: true, value: "v1" });
    loads[1]!.reject(new Error("la base no contestó"));
    await new Promise((r) => setImmediate(r));
    expect(await settledNow(read())).toEqual({ done: true, value: "v1" });
    // A failed renewal may be tried again by a later read in the same stretch.
    expect(loads).toHaveLength(3);
    loads[2]!.reject(new Error("la base sigue sin contestar"));
    await new Promise((r) => setImmediate(r));
    clock.t += REFRESH_AHEAD_MS - 1;
    expect(await settledNow(read())).toEqual({ done: true, value: "v1" });
    clock.t += 2;
    const late = read();
    expect((await settledNow(late)).done).toBe(false);
    expect(loads).toHaveLength(5);
  });

  it("lo renovado mientras cambia el contenido no se responde después del cambio", async () => {
    const { clock, loads, read, answer, changeContent } = setup(weight);
    void read();
    await answer();
    clock.t += LIFETIME_MS - REFRESH_AHEAD_MS;
    void read();
    expect(loads).toHaveLength(2);
    changeContent();
    // The read after the change does not take the kept value: it loads under the new stamp.
    const afterChange = read();
    expect(loads).toHaveLength(3);
    // The renewal started before the change arrives last: the load after the change stands.
    loads[2]!.resolve("después del cambio");
    await new Promise((r) => setImmediate(r));
    loads[1]!.resolve("antes del cambio");
    await new Promise((r) => setImmediate(r));
    expect(await afterChange).toBe("después del cambio");
    expect(await settledNow(read())).toEqual({ done: true, value: "después del cambio" });
  });

  it("una renovación que llega después de un cambio, sin lecturas entre medias, tampoco se responde", async () => {
    const { clock, loads, read, answer, changeContent } = setup(weight);
    void read();
    await answer();
    clock.t += LIFETIME_MS - REFRESH_AHEAD_MS;
    void read();
    expect(loads).toHaveLength(2);
    changeContent();
    loads[1]!.resolve("leído durante el cambio");
    await new Promise((r) => setImmediate(r));
    const afterChange = read();
    expect((await settledNow(afterChange)).done).toBe(false);
    expect(loads).toHaveLength(3);
    await answer();
    expect(await afterChange).toBe("v2");
  });
});
