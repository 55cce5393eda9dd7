import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { ACCESSIBILITY_FEATURES } from "../../../lib/schemas/accessibility";
import { openTestDatabase } from "../../test/harness";
import type { Database } from "../client";
import { seedDemo } from "../seed";
import { seedContent } from "../seed-content";

// The demo month of Saltillo: enough of everything, relative to today, and only once.

describe("contenido de demostración", () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await seedDemo(database, {});
  });
  afterAll(async () => {
    await database.close();
  });

  const count = async (sql: string) => (await database.query<{ n: number }>(sql))[0]?.n ?? 0;

  it("llena eventos, lugares, noticias, comunidades con miembros y etiquetas", async () => {
    expect(await count("SELECT count(*)::int AS n FROM events")).toBeGreaterThanOrEqual(30);
    expect(await count("SELECT count(*)::int AS n FROM places")).toBeGreaterThanOrEqual(10);
    expect(await count("SELECT count(*)::int AS n FROM news")).toBeGreaterThanOrEqual(10);
    expect(await count("SELECT count(*)::int AS n FROM communities")).toBeGreaterThanOrEqual(5);
    expect(await count("SELECT count(DISTINCT community_id)::int AS n FROM community_members WHERE role = 'owner'")).toBe(5);
    expect(await count("SELECT count(*)::int AS n FROM tags")).toBeGreaterThanOrEqual(10);
    expect(await count("SELECT count(*)::int AS n FROM event_series WHERE rule = 'weekly'")).toBeGreaterThanOrEqual(1);
  });

  it("reparte los eventos en las próximas semanas: hoy, este fin de semana, gratis y de pago", async () => {
    expect(await count("SELECT count(*)::int AS n FROM events WHERE coalesce(ends_at, starts_at) >= now() AND starts_at < now() + interval '36 hours'")).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE starts_at BETWEEN now() + interval '21 days' AND now() + interval '40 days'")).toBeGreaterThan(3);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE extract(isodow FROM starts_at AT TIME ZONE 'America/Monterrey') IN (5, 6, 7) AND starts_at BETWEEN now() AND now() + interval '8 days'")).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE price_type = 'free'")).toBeGreaterThan(5);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE price_type = 'paid'")).toBeGreaterThan(5);
  });

  it("declara accesibilidad creíble en varios lugares y eventos, solo con características del catálogo", async () => {
    expect(await count("SELECT count(*)::int AS n FROM places WHERE cardinality(accessibility_features) > 0")).toBeGreaterThanOrEqual(8);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE cardinality(accessibility_features) > 0")).toBeGreaterThanOrEqual(5);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE 'sign-language' = ANY(accessibility_features)")).toBeGreaterThan(0);
    expect(await count("SELECT count(*)::int AS n FROM events WHERE 'quiet-space' = ANY(accessibility_features)")).toBeGreaterThan(0);
    // A venue with a step at the door says so in its note and declares no step-free entrance.
    expect(await count("SELECT count(*)::int AS n FROM places WHERE cardinality(accessibility_features) = 0 AND accessibility IS NOT NULL")).toBeGreaterThan(0);
    const declared = await database.query<{ feature: string }>(
      "SELECT DISTINCT unnest(accessibility_features) AS feature FROM places UNION SELECT DISTINCT unnest(accessibility_features) FROM events",
    );
    expect(declared.length).toBeGreaterThanOrEqual(6);
    for (const { feature } of declared) expect(ACCESSIBILITY_FEATURES).toContain(feature);
  });

  it("no vuelve a sembrar si ya hay contenido", async () => {
    const before = await count("SELECT count(*)::int AS n FROM events");
    expect((await seedContent(database)).seeded).toBe(false);
    expect(await count("SELECT count(*)::int AS n FROM events")).toBe(before);
  });
});
