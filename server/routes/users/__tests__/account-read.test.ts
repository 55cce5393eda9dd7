import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { registeredUser } from "../../../test/accounts";
import { createTestApp, type TestApp } from "../../../test/harness";
import { explain, planNodes } from "../../../test/plan";
import { toUserRow } from "../rows";
import type { Queryable } from "../../../db/client";
import { findUserById, findUserWith, findUserWithOwnRelations, ownRelationsOf } from "../user-queries";

// The account every signed-in request reads (the sign-in check, bans, roles, the email mirror)
// arrives as one json column (user-queries.ts): each field must come back as the driver gives it
// column by column, timestamps to the millisecond included.

const followsAlongside = { columns: "(SELECT count(*)::int FROM follows WHERE follower_id = $1) AS follows", params: [], read: (r: Record<string, unknown>) => r.follows };

describe("la cuenta que lee cada petición con sesión", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("trae cada dato tal como está guardado: fechas, enlaces, imágenes, suspensión, verificación y accesibilidad", async () => {
    const person = await registeredUser(t, { name: "Cuenta Completa" });
    const images = { keys: ["perfil/a.webp", "perfil/b.webp"], sizes: { "96": "/uploads/perfil/a.webp", "256": "/uploads/perfil/b.webp" } };
    const cover = { keys: ["portada/c.webp"], sizes: { "1280": "/uploads/portada/c.webp" } };
    await t.database.query(
      `UPDATE users SET bio = 'Gestora cultural en Saltillo', profile_image = '/uploads/perfil/b.webp', cover_image = '/uploads/portada.webp',
         impact = 42, verification_requested = true, verification_type = 'organizacion',
         verification_requested_at = '2026-11-20T15:30:45.123456Z', verification_rejection_reason = 'Falta el acta',
         verification_reviewed_at = '2026-11-21T08:00:00.999999Z', ban_reason = 'Spam repetido', ban_ends_at = '2027-01-02T03:04:05.678901-06:00',
         banned_by = $2, banned_at = '2026-11-22T10:11:12.5Z', links = $3::jsonb, profile_image_set = $4::jsonb, cover_image_set = $5::jsonb,
         accessibility_needs = ARRAY['step-free-entrance', 'sign-language'], updated_at = '2026-11-23T00:00:00.000001Z'
       WHERE id = $1`,
      [person.uid, person.uid, JSON.stringify([{ label: "Sitio", url: "https://cultura.example.mx" }]), JSON.stringify(images), JSON.stringify(cover)],
    );
    const [stored] = await t.database.query<Record<string, unknown>>("SELECT * FROM users WHERE id = $1", [person.uid]);
    const expected = toUserRow(stored!);
    expect(expected).toMatchObject({
      banEndsAt: new Date("2027-01-02T09:04:05.678Z"),
      verificationRequestedAt: new Date("2026-11-20T15:30:45.123Z"),
      updatedAt: new Date("2026-11-23T00:00:00.000Z"),
      links: [{ label: "Sitio", url: "https://cultura.example.mx" }],
      profileImageSet: images,
      coverImageSet: cover,
      accessibilityNeeds: ["step-free-entrance", "sign-language"],
      impact: 42,
    });

    expect(await findUserById(t.database, person.uid)).toEqual(expected);
    expect(await findUserWith(t.database, person.uid, followsAlongside)).toEqual({ user: expected, alongside: 0 });
    expect(await findUserById(t.database, "nadie")).toBeNull();
    expect(await findUserWith(t.database, "nadie", followsAlongside)).toEqual({ user: null, alongside: null });
  });

  it("una cuenta recién creada, con todo lo opcional vacío, sale igual que columna por columna", async () => {
    const person = await registeredUser(t, { name: "Cuenta Nueva" });
    const [stored] = await t.database.query<Record<string, unknown>>("SELECT * FROM users WHERE id = $1", [person.uid]);
    const expected = toUserRow(stored!);
    expect(expected).toMatchObject({ bio: null, banEndsAt: null, links: [], profileImageSet: null, coverImageSet: null, accessibilityNeeds: [] });
    expect(await findUserById(t.database, person.uid)).toEqual(expected);
    expect(await findUserWith(t.database, person.uid, followsAlongside)).toEqual({ user: expected, alongside: 0 });
  });

  it("las relaciones leídas con la cuenta sirven a su perfil sin otra sentencia, y una copia de la fila (una edición) las lee de nuevo", async () => {
    const person = await registeredUser(t, { name: "Con Relaciones" });
    await t.database.query("INSERT INTO follows (follower_id, target_kind, target_id) VALUES ($1, 'users', $1)", [person.uid]);
    const statements: string[] = [];
    const counted: Queryable = {
      query: (sql, params) => {
        statements.push(sql);
        return t.database.query(sql, params);
      },
      exec: (sql) => t.database.exec(sql),
    };
    const row = await findUserWithOwnRelations(counted, person.uid);
    expect(statements).toHaveLength(1);
    const relations = await ownRelationsOf(counted, row!);
    expect(statements).toHaveLength(1);
    expect(relations).toMatchObject({ following: { users: [person.uid], events: [] }, followersCount: 1, addresses: [] });
    // What it carries is not part of the row: neither a copy nor its JSON has it.
    const [stored] = await t.database.query<Record<string, unknown>>("SELECT * FROM users WHERE id = $1", [person.uid]);
    expect(JSON.stringify(row)).toBe(JSON.stringify(toUserRow(stored!)));
    expect(await ownRelationsOf(counted, { ...row! })).toEqual(relations);
    expect(statements).toHaveLength(2);
  });

  it("lo que sigue una persona sale de un índice en el orden en que lo siguió, sin leer la tabla ni ordenar", async () => {
    // A city's worth of people and follows, so the planner weighs the indexes as it would there.
    await t.database.exec(`
      INSERT INTO users (id, name, email) SELECT 'plan-u-' || g, 'Persona ' || g, 'plan-u-' || g || '@plaza.test' FROM generate_series(1, 400) g;
      INSERT INTO follows (follower_id, target_kind, target_id, created_at)
        SELECT 'plan-u-' || (1 + g % 400), (ARRAY['users', 'events', 'places', 'news', 'communities'])[1 + (g / 400) % 5], 'objetivo-' || g,
          now() - g * interval '1 minute'
        FROM generate_series(1, 8000) g;
      ANALYZE users;
    `);
    // Settled as autovacuum leaves a table a while after its writes (alone: not in a transaction).
    await t.database.exec("VACUUM (ANALYZE) follows");
    let statement = "";
    const captured: Queryable = {
      query: (sql, params) => {
        statement = sql;
        return t.database.query(sql, params);
      },
      exec: (sql) => t.database.exec(sql),
    };
    const row = await findUserWithOwnRelations(captured, "plan-u-7");
    const following = (await ownRelationsOf(captured, row!)).following;
    // Hers are g = 6, 406, … 7606, made g minutes ago, of every kind in turn: each list oldest first.
    expect([...following.users, ...following.events, ...following.places, ...following.news, ...following.communities]).toHaveLength(20);
    expect(following.events).toEqual(["objetivo-6406", "objetivo-4406", "objetivo-2406", "objetivo-406"]);

    const nodes = planNodes(await explain(t.database, statement, ["plan-u-7"]));
    const byFollower = nodes.filter((node) => node["Relation Name"] === "follows" && node["Index Name"] !== "follows_target_idx");
    expect(byFollower.map((node) => `${node["Node Type"]} ${node["Index Name"]}`)).toEqual(["Index Only Scan follows_follower_order_idx"]);
    const sortsOfFollows = nodes.filter((node) => node["Node Type"] === "Sort" && planNodes(node).some((inner) => inner["Relation Name"] === "follows"));
    expect(sortsOfFollows).toEqual([]);
  });
});
