import { describe, expect, it } from "@jest/globals";
import { batchedById } from "../batched-rows";

// Items nobody has kept, asked for at once by different readers, are read in one statement; each
// reader still gets their own item, or null, and a failure reaches every one of them.

interface Row {
  id: string;
  title: string;
}

function table(ids: string[]) {
  const rows = new Map(ids.map((id) => [id, { id, title: `Evento ${id}` }]));
  const statements: string[][] = [];
  let failWith: Error | null = null;
  const findMany = async (asked: string[]): Promise<Row[]> => {
    statements.push(asked);
    if (failWith) throw failWith;
    // The database's order, not the one asked for.
    return [...asked].reverse().flatMap((id) => rows.get(id) ?? []);
  };
  return { findMany, statements, fail: (error: Error) => (failWith = error) };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("filas leídas por id en lote", () => {
  it("lo pedido en la misma vuelta del bucle va en una sola sentencia y cada quien recibe lo suyo", async () => {
    const { findMany, statements } = table(["e1", "e2", "e3"]);
    const read = batchedById(findMany);
    // Asked from separate callbacks of one phase of the loop, as requests from one poll of the
    // sockets are (Node runs promise jobs between such callbacks, so a batch closed by them
    // would hold one read each).
    const asked: Promise<Row | null>[] = [];
    await new Promise<void>((resolve) => {
      for (const id of ["e1", "e2", "e3"]) setImmediate(() => asked.push(read(id)));
      setImmediate(resolve);
    });
    expect((await Promise.all(asked)).map((row) => row?.title)).toEqual(["Evento e1", "Evento e2", "Evento e3"]);
    expect(statements).toEqual([["e1", "e2", "e3"]]);
  });

  it("un id que no existe recibe null y un id repetido va una vez en la sentencia", async () => {
    const { findMany, statements } = table(["e1"]);
    const read = batchedById(findMany);
    const [a, b, missing] = await Promise.all([read("e1"), read("e1"), read("no-existe")]);
    expect(a).toEqual({ id: "e1", title: "Evento e1" });
    expect(b).toEqual(a);
    expect(missing).toBeNull();
    expect(statements).toEqual([["e1", "no-existe"]]);
  });

  it("lo pedido en otra vuelta va en otra sentencia: nada se guarda aquí", async () => {
    const { findMany, statements } = table(["e1", "e2"]);
    const read = batchedById(findMany);
    await read("e1");
    await nextTurn();
    await Promise.all([read("e1"), read("e2")]);
    expect(statements).toEqual([["e1"], ["e1", "e2"]]);
  });

  it("más de 100 a la vez van en sentencias de hasta 100", async () => {
    const ids = Array.from({ length: 250 }, (_, i) => `e${i}`);
    const { findMany, statements } = table(ids);
    const read = batchedById(findMany);
    const rows = await Promise.all(ids.map((id) => read(id)));
    expect(rows.map((row) => row?.id)).toEqual(ids);
    expect(statements.map((s) => s.length)).toEqual([100, 100, 50]);
  });

  it("si la base falla, cada lectura del lote recibe el error", async () => {
    const { findMany, fail } = table(["e1", "e2"]);
    const read = batchedById(findMany);
    fail(new Error("la base no contestó"));
    const results = await Promise.allSettled([read("e1"), read("e2")]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    expect(results.map((r) => (r.status === "rejected" ? (r.reason as Error).message : null))).toEqual(["la base no contestó", "la base no contestó"]);
  });
});
