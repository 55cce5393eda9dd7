import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import type { AccountType } from "../../../../lib/schemas/users";
import { registeredUser, type TestPerson } from "../../../test/accounts";
import { bearer, uniqueEmail } from "../../../test/emulator";
import { createTestApp, type TestApp } from "../../../test/harness";
import type { RequestOptions } from "../../../test/http";
import { multipartBody } from "../../../test/multipart";
import { browserSubscription } from "../../../test/push-service";

// The authorization matrix of docs/authorization.md, read from the document itself: every call ×
// every kind of caller, with real emulator tokens, must answer the status written there.

const DOC = path.join(__dirname, "../../../../docs/authorization.md");
const COLUMNS = ["signed out", "NORMAL", "banned", "ADMIN", "MASTER", "self"] as const;
type Column = (typeof COLUMNS)[number];

interface MatrixRow {
  call: string;
  method: RequestOptions["method"];
  path: string;
  query: string;
  target: AccountType | null;
  expected: Record<Column, number | null>;
}

export function readMatrix(markdown: string): MatrixRow[] {
  const section = markdown.slice(markdown.indexOf("## Matrix"));
  const lines = section.split("\n").filter((line) => line.startsWith("| `"));
  return lines.map((line) => {
    const cells = line
      .split("|")
      .slice(1, -1)
      .map((cell) => cell.trim());
    if (cells.length !== 2 + COLUMNS.length) throw new Error(`Fila de la matriz mal formada: ${line}`);
    const call = cells[0]!.replace(/`/g, "");
    const [method, url] = call.split(" ") as [RequestOptions["method"], string];
    const [pathPart, query = ""] = url.split("?");
    const target = cells[1] === "—" ? null : (cells[1] as AccountType);
    const expected = Object.fromEntries(
      COLUMNS.map((column, i) => {
        const cell = cells[2 + i]!;
        return [column, cell === "—" ? null : Number.parseInt(cell, 10)];
      }),
    ) as Record<Column, number | null>;
    return { call, method, path: pathPart!, query, target, expected };
  });
}

// Calls whose "self" caller is an admin (they act on someone else's account).
const ADMIN_CALLS = new Set([
  "/users",
  "/users/requestingVerification",
  "/users/admin-create",
  "/users/verify",
  "/users/rejectVerification",
  "/users/setAsAdmin",
  "/users/ban",
  "/users/unban",
  "/users/changeImpact",
  "/notifications/send",
]);

interface Context {
  actor: TestPerson | null;
  targetId: string;
  target: AccountType | null;
}

let png: Buffer;

/** A valid request for each call; only the caller and the target vary. */
function requestFor(row: MatrixRow, { actor, targetId, target }: Context): RequestOptions {
  const url = `/api${row.path.replace("{id}", targetId)}${row.query ? `?${row.query}` : ""}`;
  const base: RequestOptions = { method: row.method, url, headers: actor ? bearer(actor) : {} };
  const json = (payload: unknown): RequestOptions => ({ ...base, payload });
  const multipart = (fields: Record<string, string>, field: string) => {
    const { body, contentType } = multipartBody(fields, [{ field, filename: "foto.png", contentType: "image/png", data: png }]);
    return { ...base, headers: { ...base.headers, "content-type": contentType }, payload: body };
  };
  const future = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();
  switch (`${row.method} ${row.path}`) {
    case "POST /users/sign-up":
      return json({ name: "Nombre", uid: actor?.uid ?? "nadie", email: actor?.email ?? "nadie@plaza.test" });
    case "POST /users":
      return multipart({ document: JSON.stringify({ name: "Nombre", uid: actor?.uid ?? "nadie", email: actor?.email ?? "nadie@plaza.test" }) }, "fileProfileImage");
    case "PUT /users/my-data":
      return json({ bio: "Nueva biografía" });
    case "POST /users/accessToken":
      return json({ accessToken: "ya29.token", idToken: "eyJ.token", providerId: "google.com" });
    case "POST /users/notificationToken":
      return json({ notificationToken: JSON.stringify(browserSubscription()) });
    case "PUT /push/preferences":
      return json({ followedContent: false });
    case "POST /push/unsubscribe":
      return json({ endpoint: browserSubscription().endpoint });
    case "PUT /users/profile-image":
    case "PUT /users/cover-image":
      return multipart({}, "file");
    case "POST /users/requestVerification":
      return json({ type: "artista" });
    case "POST /users/admin-create":
      return json({ email: uniqueEmail("creada"), password: "Segura-2026!", name: "Creada", accountType: target ?? "NORMAL" });
    case "POST /users/verify":
      return json({ userId: targetId, type: "lugar" });
    case "POST /users/rejectVerification":
      return json({ userId: targetId, reason: "Faltan datos" });
    case "POST /users/setAsAdmin":
    case "POST /users/unban":
      return json({ userId: targetId });
    case "POST /users/ban":
      return json({ userId: targetId, reason: "Spam", endDate: future });
    case "POST /users/changeImpact":
      return json({ userId: targetId, impact: 42 });
    case "POST /notifications/viewed":
      return json({});
    case "POST /notifications/send":
      return json({ audience: "user", userId: targetId, title: "Hola", body: "Prueba" });
    default:
      return base;
  }
}

describe("matriz de autorización (docs/authorization.md)", () => {
  let t: TestApp;
  const rows = readMatrix(fs.readFileSync(DOC, "utf8"));

  beforeAll(async () => {
    t = await createTestApp();
    png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7" } }).png().toBuffer();
  });
  afterAll(async () => {
    await t.close();
  });

  it("la tabla cubre cada llamada de usuarios, notificaciones y push de la API", async () => {
    const doc = (await t.request({ url: "/api/openapi.json" })).json();
    const documented = new Set(rows.map((r) => `${r.method} ${r.path}`));
    const served = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${p.replace(/^\/api/, "")}`),
    );
    const accounts = served.filter((c) => /^\w+ \/(users|notifications|push)(\/|$)/.test(c) && c !== "GET /notifications/stream");
    expect(accounts.filter((c) => !documented.has(c))).toEqual([]);
    expect(rows.length).toBeGreaterThan(40);
  });

  async function actorFor(column: Column, row: MatrixRow): Promise<TestPerson | null> {
    switch (column) {
      case "signed out":
        return null;
      case "banned": {
        const person = await registeredUser(t);
        await t.users.setBan(person.uid, { reason: "Spam", endsAt: new Date(Date.now() + 24 * 3600 * 1000) });
        return person;
      }
      case "self":
        return registeredUser(t, { accountType: ADMIN_CALLS.has(row.path) ? "ADMIN" : "NORMAL" });
      default:
        return registeredUser(t, { accountType: column });
    }
  }

  for (const row of rows) {
    describe(`${row.call}${row.target ? ` → ${row.target}` : ""}`, () => {
      for (const column of COLUMNS) {
        const expected = row.expected[column];
        if (expected === null) continue;
        it(`${column}: ${expected}`, async () => {
          const actor = await actorFor(column, row);
          let targetId = "sin-objetivo";
          if (column === "self" && actor) {
            targetId = actor.uid;
          } else if (row.target && row.path !== "/users/admin-create") {
            const target = await registeredUser(t, { accountType: row.target });
            await t.users.requestVerification(target.uid, "artista");
            targetId = target.uid;
          }
          if (column === "self" && actor) await t.users.requestVerification(actor.uid, "artista");
          const res = await t.request(requestFor(row, { actor, targetId, target: row.target }));
          expect({ call: row.call, column, status: res.statusCode, body: res.statusCode === expected ? null : res.body }).toEqual({
            call: row.call,
            column,
            status: expected,
            body: null,
          });
        });
      }
    });
  }
});
