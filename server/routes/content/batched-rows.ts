import DataLoader from "dataloader";

// Rows that nobody has kept are read by id when asked for. At a start, or after a change that
// drops everything kept, many readers ask for different items at once; one statement per item
// queued them on the pool. Asked for in the same turn of the event loop (the requests one poll of
// the sockets brings), they go as one statement instead.

/** Longest id list in one statement: past it, the rest goes in the next one. */
const MAX_BATCH = 100;

/** `findMany(ids)` for one id at a time, batched: a missing id answers null. */
export function batchedById<Row extends { id: string }>(findMany: (ids: string[]) => Promise<Row[]>): (id: string) => Promise<Row | null> {
  const loader = new DataLoader<string, Row | null>(
    async (ids) => {
      const found = await findMany([...new Set(ids)]);
      const byId = new Map(found.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    },
    // No cache of its own (shared-rows.ts keeps rows, under the content stamps); the batch closes
    // after the sockets' callbacks of this turn have run, not within one request's promises.
    { cache: false, batchScheduleFn: (run) => setImmediate(run), maxBatchSize: MAX_BATCH },
  );
  return (id) => loader.load(id);
}
