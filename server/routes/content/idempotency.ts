import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import stringify from "safe-stable-stringify";
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from "../../../lib/schemas/content";
import { ERROR_CODES } from "../../../lib/schemas/errors";
import type { Database, Queryable } from "../../db/client";
import { badRequest, conflict, HttpError } from "../../plugins/errors";

// Creates accept an `Idempotency-Key` header: the first request with a key creates the item and
// records (user, key) → id in the same transaction; a replay with the same key (an offline queue
// flushing twice, a retry after a lost answer) gets the item the first one made, with 200
// instead of 201. The key names one request: reused with another body (or route) it is refused
// with 422, as the IETF Idempotency-Key draft says, rather than answering with what the first
// body made. Keys are per user and kept for a week.

export const IDEMPOTENCY_TTL_DAYS = 7;

export const IDEMPOTENCY_KEY_REUSED_MESSAGE =
  "Esta clave de idempotencia ya se usó con otros datos. Usa una clave nueva para una petición distinta.";

export interface IdempotencyKey {
  value: string;
  /** sha256 of method, route and the validated body as canonical JSON (keys sorted). */
  requestHash: string;
}

function requestHashOf(request: FastifyRequest): string {
  // The route's pattern, not the URL as sent: /api/events and /api/events/ are one route.
  const route = (request.routeOptions.url ?? request.url).replace(/\/+$/, "");
  return createHash("sha256")
    .update(`${request.method} ${route}\n${stringify(request.body ?? null) ?? ""}`)
    .digest("hex");
}

export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey | null {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(Array.isArray(raw) ? raw[0] : raw);
  if (!parsed.success) {
    throw badRequest(parsed.error.issues[0]?.message ?? "La clave de idempotencia no es válida.", "VALIDATION_ERROR", [
      { path: ["headers", IDEMPOTENCY_HEADER], message: parsed.error.issues[0]?.message ?? "No es válida." },
    ]);
  }
  return { value: parsed.data, requestHash: requestHashOf(request) };
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
  options: { userId: string; key: IdempotencyKey | null; kind: string },
  create: (tx: Queryable) => Promise<string>,
): Promise<IdempotentResult> {
  return database.transaction(async (tx) => {
    if (options.key === null) return { id: await create(tx), replayed: false };
    const { value: key, requestHash } = options.key;
    const claimed = await tx.query(
      `INSERT INTO idempotency_keys (user_id, key, resource_kind, resource_id, request_hash) VALUES ($1, $2, $3, '', $4)
       ON CONFLICT DO NOTHING RETURNING key`,
      [options.userId, key, options.kind, requestHash],
    );
    if (claimed.length === 0) {
      const rows = await tx.query<{ resource_kind: string; resource_id: string; request_hash: string | null }>(
        "SELECT resource_kind, resource_id, request_hash FROM idempotency_keys WHERE user_id = $1 AND key = $2",
        [options.userId, key],
      );
      const existing = rows[0];
      if (!existing || existing.resource_kind !== options.kind) {
        throw conflict("Esta clave de idempotencia ya se usó para otra operación.");
      }
      if (existing.request_hash !== null && existing.request_hash !== requestHash) {
        throw new HttpError(422, ERROR_CODES.IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_REUSED_MESSAGE);
      }
      return { id: existing.resource_id, replayed: true };
    }
    const id = await create(tx);
    await tx.query("UPDATE idempotency_keys SET resource_id = $3 WHERE user_id = $1 AND key = $2", [options.userId, key, id]);
    // Old keys are pruned here, by the writers themselves, so no scheduler is needed.
    await tx.query(`DELETE FROM idempotency_keys WHERE user_id = $1 AND created_at < now() - interval '${IDEMPOTENCY_TTL_DAYS} days'`, [options.userId]);
    return { id, replayed: false };
  });
}

export function sendCreated<T>(reply: FastifyReply, result: IdempotentResult, data: T) {
  if (result.replayed) reply.header("idempotent-replayed", "true");
  return reply.code(result.replayed ? 200 : 201).send({ data });
}
