import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { IMPORT_MAX_EVENTS, type ImportItem, type ImportReport, type ImportSkip } from "../../../lib/schemas/imports";
import type { Queryable } from "../../db/client";
import type { ImportCandidate } from "./sources";

// From candidates to what happens: each one is new (create), known from an earlier import by the
// same organiser and changed (update), or skipped with a reason. Applying goes through the API's
// own calls with the organiser's token (app.inject), so an import obeys every rule of publishing by
// hand: validation, bans, community membership, followers' notices, idempotency.

interface ExistingRow {
  id: string;
  import_source: string;
  title: string;
  description: string;
  starts_at: string | Date;
  ends_at: string | Date | null;
  place_id: string | null;
  address: string | null;
  online_url: string | null;
  series_id: string | null;
}

export interface PlannedItem extends ImportItem {
  payload: Record<string, unknown>;
  /** For updates: only the fields that changed. */
  patch: Record<string, unknown>;
  series: boolean;
}

export interface Plan {
  create: PlannedItem[];
  update: PlannedItem[];
  skip: ImportSkip[];
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** A place of the city whose name is the location, or its first part ("Teatro X, Calle…"). */
async function placeFor(db: Queryable, location: string): Promise<{ id: string; name: string } | null> {
  const names = [...new Set([location, location.split(",")[0]!.trim()].filter((n) => n.length >= 3))];
  for (const name of names) {
    const rows = await db.query<{ id: string; name: string }>("SELECT id, name FROM places WHERE NOT hidden AND plaza_fold(name) = plaza_fold($1) ORDER BY created_at LIMIT 1", [name]);
    if (rows[0]) return rows[0];
  }
  return null;
}

export async function planImport(db: Queryable, userId: string, candidates: ImportCandidate[], skipped: ImportSkip[]): Promise<Plan> {
  const plan: Plan = { create: [], update: [], skip: [...skipped] };
  const sources = candidates.map((c) => c.source);
  const existing = new Map(
    (
      await db.query<ExistingRow>(
        "SELECT id, import_source, title, description, starts_at, ends_at, place_id, address, online_url, series_id FROM events WHERE organizer_id = $1 AND import_source = ANY($2::text[])",
        [userId, sources],
      )
    ).map((row) => [row.import_source, row]),
  );
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.source)) {
      plan.skip.push({ title: candidate.title, reason: "Aparece repetido en el origen." });
      continue;
    }
    seen.add(candidate.source);
    if (plan.create.length + plan.update.length >= IMPORT_MAX_EVENTS) {
      plan.skip.push({ title: candidate.title, reason: `Se importan hasta ${IMPORT_MAX_EVENTS} eventos por vez; importa de nuevo para el resto.` });
      continue;
    }
    const place = candidate.location ? await placeFor(db, candidate.location) : null;
    const where = place
      ? { placeId: place.id, address: null, onlineUrl: null }
      : candidate.location
        ? { placeId: null, address: candidate.location, onlineUrl: candidate.onlineUrl }
        : candidate.onlineUrl
          ? { placeId: null, address: null, onlineUrl: candidate.onlineUrl }
          : null;
    if (!where) {
      plan.skip.push({ title: candidate.title, reason: "No dice dónde es (ni lugar ni enlace para conectarse)." });
      continue;
    }
    const payload: Record<string, unknown> = {
      title: candidate.title,
      description: candidate.description,
      startsAt: candidate.startsAt,
      endsAt: candidate.endsAt,
      allDay: candidate.allDay,
      ...Object.fromEntries(Object.entries(where).filter(([, v]) => v !== null)),
      ...(candidate.dates.length > 0 ? { recurrence: { rule: "dates", dates: candidate.dates } } : {}),
    };
    const item = {
      source: candidate.source,
      title: candidate.title,
      startsAt: candidate.startsAt,
      moreDates: candidate.dates.length,
      where: place?.name ?? candidate.location ?? "En línea",
      changes: [] as string[],
    };
    const row = existing.get(candidate.source);
    if (!row) {
      plan.create.push({ ...item, eventId: null, payload, patch: {}, series: candidate.dates.length > 0 });
      continue;
    }
    const patch: Record<string, unknown> = {};
    const changes: string[] = [];
    const differs = (label: string, fields: Record<string, unknown>, same: boolean) => {
      if (same) return;
      Object.assign(patch, fields);
      changes.push(label);
    };
    differs("título", { title: candidate.title }, row.title === candidate.title);
    differs("descripción", { description: candidate.description }, (row.description ?? "") === candidate.description);
    differs("fecha", { startsAt: candidate.startsAt, endsAt: candidate.endsAt }, iso(row.starts_at) === candidate.startsAt && iso(row.ends_at) === candidate.endsAt);
    differs("lugar", { placeId: where.placeId, address: where.address, onlineUrl: where.onlineUrl }, row.place_id === where.placeId && (row.address ?? null) === where.address && (row.online_url ?? null) === where.onlineUrl);
    if (changes.length === 0) {
      plan.skip.push({ title: candidate.title, reason: "Sin cambios desde la última importación." });
      continue;
    }
    plan.update.push({ ...item, eventId: row.id, changes, payload, patch, series: row.series_id !== null });
  }
  return plan;
}

/** Whose calls these are: the importer's Authorization header and address (their own limits). */
export interface Caller {
  authorization: string | undefined;
  ip: string;
}

/** What the API answered to an inner call: its data, or its Spanish message. */
async function call(app: FastifyInstance, caller: Caller, options: { method: "POST" | "PUT" | "DELETE"; url: string; payload?: object; headers?: Record<string, string> }) {
  const { authorization } = caller;
  const res = await app.inject({ ...options, headers: { ...(authorization ? { authorization } : {}), ...options.headers }, remoteAddress: caller.ip });
  const body = res.body ? (JSON.parse(res.body) as { data?: { _id?: string }; message?: string; issues?: { message: string }[] }) : {};
  if (res.statusCode >= 400) {
    const detail = body.issues?.map((i) => i.message).join(" ");
    return { ok: false as const, message: [body.message, detail].filter(Boolean).join(" ") || `Error ${res.statusCode}.` };
  }
  return { ok: true as const, id: body.data?._id ?? null };
}

const toItem = (planned: PlannedItem): ImportItem => ({
  source: planned.source,
  title: planned.title,
  startsAt: planned.startsAt,
  moreDates: planned.moreDates,
  where: planned.where,
  eventId: planned.eventId,
  changes: planned.changes,
});

export async function applyImport(app: FastifyInstance, caller: Caller, db: Queryable, userId: string, plan: Plan): Promise<ImportReport> {
  const report: ImportReport = { create: [], update: [], skip: [...plan.skip] };
  for (const item of plan.create) {
    // The same candidate always sends the same key: a retried import creates it once.
    const key = createHash("sha256").update(`${userId}\n${item.source}\n${JSON.stringify(item.payload)}`).digest("hex").slice(0, 48);
    const created = await call(app, caller, { method: "POST", url: "/api/events", payload: item.payload, headers: { "idempotency-key": `import-${key}` } });
    if (!created.ok || !created.id) {
      report.skip.push({ title: item.title, reason: created.ok ? "El evento no se pudo crear." : created.message });
      continue;
    }
    try {
      await db.query("UPDATE events SET import_source = $1 WHERE id = $2 AND organizer_id = $3", [item.source, created.id, userId]);
    } catch (error) {
      // Another import of the same source won the race: this copy goes away.
      if ((error as { code?: string }).code !== "23505") throw error;
      await call(app, caller, { method: "DELETE", url: `/api/events/${created.id}` });
      report.skip.push({ title: item.title, reason: "Ya se importó en otra importación al mismo tiempo." });
      continue;
    }
    report.create.push({ ...toItem(item), eventId: created.id });
  }
  for (const item of plan.update) {
    const payload = item.series ? { ...item.patch, scope: "following" } : item.patch;
    const updated = await call(app, caller, { method: "PUT", url: `/api/events/${item.eventId}`, payload });
    if (!updated.ok) report.skip.push({ title: item.title, reason: updated.message });
    else report.update.push(toItem(item));
  }
  return report;
}

export const previewOf = (plan: Plan): ImportReport => ({ create: plan.create.map(toItem), update: plan.update.map(toItem), skip: plan.skip });
