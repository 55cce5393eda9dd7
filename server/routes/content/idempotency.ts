import type { FastifyReply, FastifyRequest } from "fastify";
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from "../../../lib/schemas/content";
import type { Database, Queryable } from "../../db/client";
import { badRequest, conflict } from "../../plugins/errors";

// Creates accept an `Idempotency-Key` header: the first request with a key creates the item and
// records (user, key) → id in the same transaction; a replay with the same key (an offline queue
// flushing twice, a retry after a lost answer) gets the item the first one made, with 200
// instead of 201. Keys are per user and kept for a week.

export const IDEMPOTENCY_TTL_DAYS = 7;

export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? "La clave de idempotencia no es válida.", "VALIDATION_ERROR", [
      { path: ["headers", IDEMPOTENCY_HEADER], message: parsed.error.issues[0]?.message ?? "No es válida." },
    ]);
  }
  return parsed.data;
}

export interface IdempotentResult {
  id: string;
  replayed: boolean;
}

/**
 * Runs `create` in a transaction guarded by the key. On PostgreSQL a concurrent request with the
 * same key waits on the key's row and then sees the first one's id.
 */
export async function createOnce(
  database: Database,
  options: { userId: string; key: string | null; kind: string },
  create: (tx: Queryable) => Promise<string>,
): Promise<IdempotentResult> {
  return database.transaction(async (tx) => {
    if (options.key === null) return { id: await create(tx), replayed: false };
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, resource_kind, resource_id) VALUES ($1, $2, $3, '')
       ON CONFLICT DO NOTHING RETURNING key`,
      [options.userId, options.key, options.kind],
    );
    if (claimed.length === 0) {
      const rows = await tx.query<{ resource_kind: string; resource_id: string }>(
        "SELECT resource_kind, resource_id FROM idempotency_keys WHERE user_id = $1 AND key = $2",
        [options.userId, options.key],
      );
      const existing = rows[0];
      if (!existing || existing.resource_kind !== options.kind) {
        throw conflict("Esta clave de idempotencia ya se usó para otra operación.");
      }
      return { id: existing.resource_id, replayed: true };
    }
    const id = await create(tx);
    await tx.query("UPDATE idempotency_keys SET resource_id = $3 WHERE user_id = $1 AND key = $2", [options.userId, options.key, id]);
    // Old keys are pruned here, by the writers themselves, so no scheduler is needed.
    await tx.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < now() - interval '${IDEMPOTENCY_TTL_DAYS} days'`, [options.userId]);
    return { id, replayed: false };
  });
}

export function sendCreated<T>(reply: FastifyReply, result: IdempotentResult, data: T) {
  if (result.replayed) reply.header("idempotent-replayed", "true");
  return reply.code(result.replayed ? 200 : 201).send({ data });
}
