import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import type { Database } from "../../../db/client";
import { Params } from "../../../db/sql";
import { openTestDatabase } from "../../../test/harness";
import { explain, planNodes } from "../../../test/plan";
import { forYou, forYouQuery } from "../for-you";

// How "Eventos para ti" is read for someone who follows tags: each candidate's own tags are
// looked up, never every event of the tags followed (a tag of a city's agenda has thousands).

describe("eventos para ti de quien sigue etiquetas", () => {
  let database: Database;
  const TAGGED_PER_TAG = 500;

  beforeAll(async () => {
    database = await openTestDatabase();
    // 3,000 upcoming events over 41 days, each with one of 6 tags (500 each); she follows two.
    await database.exec(`
      INSERT INTO users (id, name, email, verified) VALUES
        ('fy-org', 'Organizadora', 'fy-org@plaza.test', true), ('fy-lectora', 'Lectora', 'fy-lectora@plaza.test', false);
      INSERT INTO tags (id, name, slug) SELECT 'fy-t-' || g, 'Etiqueta ' || g, 'fy-etiqueta-' || g FROM generate_series(1, 6) g;
      INSERT INTO events (id, title, starts_at, ends_at, organizer_id)
        SELECT 'fy-e-' || g, 'Evento ' || g, now() + g * interval '20 minutes', now() + g * interval '20 minutes' + interval '2 hours', 'fy-org'
        FROM generate_series(1, ${6 * TAGGED_PER_TAG}) g;
      INSERT INTO event_tags (event_id, tag_id) SELECT 'fy-e-' || g, 'fy-t-' || (1 + g % 6) FROM generate_series(1, ${6 * TAGGED_PER_TAG}) g;
      INSERT INTO follows (follower_id, target_kind, target_id) VALUES ('fy-lectora', 'tags', 'fy-t-1'), ('fy-lectora', 'tags', 'fy-t-2');
    `);
    await database.exec("VACUUM (ANALYZE) users, tags, events, event_tags, follows");
  });
  afterAll(async () => {
    await database.close();
  });

  it("pone primero lo de sus etiquetas, leyendo de cada candidato solo sus etiquetas", async () => {
    const now = new Date();
    const ranked = await forYou(database, "fy-lectora", now, 20, []);
    expect(ranked).toHaveLength(20);
    // Her tags' events lead, soonest first: fy-e-6 has tag 1, fy-e-1 tag 2, then every sixth.
    expect(ranked.slice(0, 4).map((row) => [row.id, row.by_tag])).toEqual([
      ["fy-e-1", true],
      ["fy-e-6", true],
      ["fy-e-7", true],
      ["fy-e-12", true],
    ]);

    const p = new Params();
    const sql = `${forYouQuery(p, "fy-lectora", now, 20, [])} ORDER BY ord`;
    const nodes = planNodes(await explain(database, sql, p.values, { analyze: true }));
    const tagRowsRead = nodes
      .filter((node) => node["Relation Name"] === "event_tags")
      .reduce((sum, node) => sum + (node["Actual Rows"] ?? 0) * (node["Actual Loops"] ?? 0), 0);
    // Every event of her two tags would be 1,000 rows, and was 2,080 with the hash; the candidates'
    // own tags and the look-ups of her tags' sources are 160–200.
    expect(tagRowsRead).toBeGreaterThan(0);
    expect(tagRowsRead).toBeLessThan(TAGGED_PER_TAG);
  });
});
