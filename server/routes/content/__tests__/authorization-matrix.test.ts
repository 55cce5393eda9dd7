import fs from "node:fs";
import path from "node:path";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import type { RequestOptions } from "../../../test/http";
import { as, createCommunity, createEvent, createPlace, daysFromNow, makePerson, type Person } from "./helpers";

// Every content call for every kind of caller, as the table in docs/authorization-content.md
// says. The table is the source: a row without a scenario here (or the reverse) fails.

const DOC = path.join(__dirname, "../../../../docs/authorization-content.md");
const ACTORS = ["signedOut", "normal", "banned", "admin", "master", "author", "communityAdmin"] as const;
type Actor = (typeof ACTORS)[number];

function readMatrix(): { call: string; expected: Record<Actor, number> }[] {
  const rows: { call: string; expected: Record<Actor, number> }[] = [];
  for (const line of fs.readFileSync(DOC, "utf8").split("\n")) {
    const match = /^\| `([A-Z]+ [^`]+)` \|(.*)\|\s*$/.exec(line);
    if (!match) continue;
    const codes = match[2]!.split("|").map((cell) => Number(cell.trim()));
    if (codes.length !== ACTORS.length || codes.some((code) => !Number.isInteger(code))) throw new Error(`Fila mal formada: ${line}`);
    rows.push({ call: match[1]!, expected: Object.fromEntries(ACTORS.map((actor, i) => [actor, codes[i]])) as Record<Actor, number> });
  }
  return rows;
}

interface World {
  t: TestApp;
  people: Record<Exclude<Actor, "signedOut">, Person>;
  /** A community owned by the author where communityAdmin is an admin. */
  community(): Promise<string>;
}

type Scenario = (world: World) => Promise<RequestOptions>;

let counter = 0;
let calendarSite: http.Server;
let calendarHost = "";
const unique = (text: string) => `${text} ${++counter}`;

/** A one-event calendar with a UID of its own, so every cell's import creates. */
function matrixCalendar(): string {
  const uid = unique("matriz").replace(" ", "-");
  return ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Plaza//Matriz//ES", "BEGIN:VEVENT", `UID:${uid}@matriz.example`, "DTSTAMP:20300101T000000Z", "DTSTART:20300601T010000Z", `SUMMARY:Importado ${uid}`, "LOCATION:https://meet.example/matriz", "END:VEVENT", "END:VCALENDAR", ""].join("\r\n");
}

async function communityEvent(w: World): Promise<string> {
  return createEvent(w.t, w.people.author, { title: unique("Evento de la matriz"), communityId: await w.community() });
}

async function communityNews(w: World): Promise<string> {
  const res = await as(w.t, w.people.author)({
    method: "POST",
    url: "/api/news",
    payload: { title: unique("Noticia de la matriz"), body: "Texto.", communityId: await w.community() },
  });
  return res.json().data._id;
}

async function extraMember(w: World, communityId: string): Promise<string> {
  const member = await makePerson(w.t);
  await as(w.t, member)({ method: "POST", url: `/api/communities/${communityId}/join` });
  return member.uid;
}

async function authorAddress(w: World): Promise<string> {
  // Stay under the 10-address limit however many cells ran before.
  await w.t.database.query("DELETE FROM addresses WHERE user_id = $1", [w.people.author.uid]);
  const res = await as(w.t, w.people.author)({
    method: "POST",
    url: "/api/addresses",
    payload: { label: unique("Casa"), street: "Calle Victoria", city: "Saltillo", state: "Coahuila" },
  });
  return res.json().data._id;
}

const SCENARIOS: Record<string, Scenario> = {
  "GET /events": async () => ({ url: "/api/events" }),
  "GET /events?visibility=all": async () => ({ url: "/api/events?visibility=all" }),
  "GET /events/{id}": async (w) => ({ url: `/api/events/${await communityEvent(w)}` }),
  "GET /events/{id}.ics": async (w) => ({ url: `/api/events/${await communityEvent(w)}.ics` }),
  "GET /events/mine": async () => ({ url: "/api/events/mine" }),
  "GET /events/following": async () => ({ url: "/api/events/following" }),
  "GET /events/for-you": async () => ({ url: "/api/events/for-you" }),
  "POST /events": async (w) => ({
    method: "POST",
    url: "/api/events",
    payload: { title: unique("Evento nuevo"), startsAt: daysFromNow(4), address: "Centro", communityId: await w.community() },
  }),
  "PUT /events/{id}": async (w) => ({
    method: "PUT",
    url: `/api/events/${await communityEvent(w)}`,
    payload: { title: "Título cambiado", accessibilityFeatures: ["step-free-entrance"] },
  }),
  "DELETE /events/{id}": async (w) => ({ method: "DELETE", url: `/api/events/${await communityEvent(w)}?reason=Duplicado` }),
  "POST /events/{id}/follow": async (w) => ({ method: "POST", url: `/api/events/${await communityEvent(w)}/follow` }),
  "POST /events/{id}/moderate": async (w) => ({
    method: "POST",
    url: `/api/events/${await communityEvent(w)}/moderate`,
    payload: { action: "feature" },
  }),

  "GET /places": async () => ({ url: "/api/places" }),
  "GET /places/{id}": async (w) => ({ url: `/api/places/${await createPlace(w.t, w.people.author, { name: unique("Foro") })}` }),
  "GET /places/mine": async () => ({ url: "/api/places/mine" }),
  "POST /places": async () => ({
    method: "POST",
    url: "/api/places",
    payload: { name: unique("Café cultural"), category: "cafe", address: { street: "Calle Bravo", city: "Saltillo", state: "Coahuila" } },
  }),
  "PUT /places/{id}": async (w) => ({
    method: "PUT",
    url: `/api/places/${await createPlace(w.t, w.people.author, { name: unique("Foro") })}`,
    payload: { description: "Nueva descripción.", accessibilityFeatures: ["accessible-toilet"], accessibility: "Baño en la planta baja." },
  }),
  "DELETE /places/{id}": async (w) => ({
    method: "DELETE",
    url: `/api/places/${await createPlace(w.t, w.people.author, { name: unique("Foro") })}?reason=Duplicado`,
  }),
  "POST /places/{id}/follow": async (w) => ({ method: "POST", url: `/api/places/${await createPlace(w.t, w.people.author, { name: unique("Foro") })}/follow` }),
  "POST /places/{id}/moderate": async (w) => ({
    method: "POST",
    url: `/api/places/${await createPlace(w.t, w.people.author, { name: unique("Foro") })}/moderate`,
    payload: { action: "hide", reason: "Lugar inexistente" },
  }),

  "GET /news": async () => ({ url: "/api/news" }),
  "GET /news/{id}": async (w) => ({ url: `/api/news/${await communityNews(w)}` }),
  "POST /news": async (w) => ({ method: "POST", url: "/api/news", payload: { title: unique("Noticia"), body: "Texto.", communityId: await w.community() } }),
  "PUT /news/{id}": async (w) => ({ method: "PUT", url: `/api/news/${await communityNews(w)}`, payload: { summary: "Resumen nuevo." } }),
  "DELETE /news/{id}": async (w) => ({ method: "DELETE", url: `/api/news/${await communityNews(w)}?reason=Duplicada` }),
  "POST /news/{id}/follow": async (w) => ({ method: "POST", url: `/api/news/${await communityNews(w)}/follow` }),
  "POST /news/{id}/moderate": async (w) => ({ method: "POST", url: `/api/news/${await communityNews(w)}/moderate`, payload: { action: "unfeature" } }),

  "GET /communities": async () => ({ url: "/api/communities" }),
  "GET /communities/{id}": async (w) => ({ url: `/api/communities/${await w.community()}` }),
  "GET /communities/{id}/members": async (w) => ({ url: `/api/communities/${await w.community()}/members` }),
  "POST /communities": async () => ({ method: "POST", url: "/api/communities", payload: { name: unique("Colectivo") } }),
  "PUT /communities/{id}": async (w) => ({ method: "PUT", url: `/api/communities/${await w.community()}`, payload: { description: "Otra descripción." } }),
  "DELETE /communities/{id}": async (w) => ({ method: "DELETE", url: `/api/communities/${await w.community()}?reason=Spam` }),
  "POST /communities/{id}/members": async (w) => {
    const newcomer = await makePerson(w.t);
    return { method: "POST", url: `/api/communities/${await w.community()}/members`, payload: { userId: newcomer.uid } };
  },
  "PUT /communities/{id}/members/{userId}": async (w) => {
    const id = await w.community();
    return { method: "PUT", url: `/api/communities/${id}/members/${await extraMember(w, id)}`, payload: { role: "admin" } };
  },
  "DELETE /communities/{id}/members/{userId}": async (w) => {
    const id = await w.community();
    return { method: "DELETE", url: `/api/communities/${id}/members/${await extraMember(w, id)}` };
  },
  "POST /communities/{id}/join": async (w) => ({ method: "POST", url: `/api/communities/${await w.community()}/join` }),
  "POST /communities/{id}/follow": async (w) => ({ method: "POST", url: `/api/communities/${await w.community()}/follow` }),
  "POST /communities/{id}/moderate": async (w) => ({ method: "POST", url: `/api/communities/${await w.community()}/moderate`, payload: { action: "feature" } }),

  "GET /tags": async () => ({ url: "/api/tags" }),
  "POST /tags": async () => ({ method: "POST", url: "/api/tags", payload: { name: unique("Etiqueta") } }),
  "DELETE /tags/{id}": async (w) => {
    const res = await as(w.t, w.people.admin)({ method: "POST", url: "/api/tags", payload: { name: unique("Efímera") } });
    return { method: "DELETE", url: `/api/tags/${res.json().data._id}` };
  },
  "POST /tags/{id}/follow": async (w) => {
    const res = await as(w.t, w.people.admin)({ method: "POST", url: "/api/tags", payload: { name: unique("Seguida") } });
    return { method: "POST", url: `/api/tags/${res.json().data._id}/follow` };
  },

  "GET /addresses": async () => ({ url: "/api/addresses" }),
  "POST /addresses": async () => ({
    method: "POST",
    url: "/api/addresses",
    payload: { label: unique("Trabajo"), street: "Blvd. V. Carranza", number: "2500", city: "Saltillo", state: "Coahuila", postalCode: "25280" },
  }),
  "PUT /addresses/{id}": async (w) => ({ method: "PUT", url: `/api/addresses/${await authorAddress(w)}`, payload: { label: "Casa de mamá" } }),
  "DELETE /addresses/{id}": async (w) => ({ method: "DELETE", url: `/api/addresses/${await authorAddress(w)}` }),

  "GET /search?q=": async () => ({ url: "/api/search?q=matriz" }),
  "GET /moderation-log": async () => ({ url: "/api/moderation-log" }),
  "GET /calendar/feed-url": async () => ({ url: "/api/calendar/feed-url" }),
  "POST /calendar/feed-url/rotate": async () => ({ method: "POST", url: "/api/calendar/feed-url/rotate" }),
  // Public feeds: the same answer with or without a token, banned or not.
  "GET /feeds/events.rss": async (w) => ({ url: `/api/feeds/events.rss?communityId=${await w.community()}` }),
  "GET /feeds/events.atom": async (w) => ({ url: `/api/feeds/events.atom?organizerId=${w.people.author.uid}` }),
  "GET /feeds/events.json": async () => ({ url: "/api/feeds/events.json" }),
  "GET /feeds/news.rss": async () => ({ url: "/api/feeds/news.rss" }),
  "GET /feeds/news.atom": async (w) => ({ url: `/api/feeds/news.atom?communityId=${await w.community()}` }),
  "GET /feeds/news.json": async (w) => ({ url: `/api/feeds/news.json?authorId=${w.people.author.uid}` }),
  // Imports read a file sent in the body: nothing leaves the server in the matrix.
  "POST /imports/preview": async () => ({ method: "POST", url: "/api/imports/preview", payload: { source: { kind: "file", content: matrixCalendar() } } }),
  "POST /imports": async () => ({ method: "POST", url: "/api/imports", payload: { source: { kind: "file", content: matrixCalendar() } } }),
  "GET /imports/subscriptions": async () => ({ url: "/api/imports/subscriptions" }),
  "POST /imports/subscriptions": async () => ({ method: "POST", url: "/api/imports/subscriptions", payload: { url: `http://${calendarHost}/${unique("agenda").replace(" ", "-")}.ics` } }),
  // The author's own subscription: anyone else gets the same 404 as for an unknown id.
  "DELETE /imports/subscriptions/{id}": async (w) => {
    const res = await as(w.t, w.people.author)({ method: "POST", url: "/api/imports/subscriptions", payload: { url: `http://${calendarHost}/${unique("quitar").replace(" ", "-")}.ics` } });
    if (res.statusCode !== 201) throw new Error(`subscription: ${res.body}`);
    return { method: "DELETE", url: `/api/imports/subscriptions/${res.json().data._id}` };
  },
  // The embeddable agenda and its script: public, the same for everyone.
  "GET /embed/agenda": async (w) => ({ url: `/api/embed/agenda?communityId=${await w.community()}&theme=dark` }),
  "GET /embed.js": async () => ({ url: "/api/embed.js" }),

  // A fresh place of the author's each time, so no cell meets another's open report.
  "POST /reports": async (w) => ({
    method: "POST",
    url: "/api/reports",
    payload: { targetKind: "place", targetId: await createPlace(w.t, w.people.author, { name: unique("Reportable") }), reason: "spam" },
  }),
  "GET /admin/reports": async () => ({ url: "/api/admin/reports" }),
  "POST /admin/reports/{targetKind}/{targetId}/resolve": async (w) => {
    const placeId = await createPlace(w.t, w.people.author, { name: unique("Reportado") });
    const reporter = await makePerson(w.t);
    const filed = await as(w.t, reporter)({ method: "POST", url: "/api/reports", payload: { targetKind: "place", targetId: placeId, reason: "spam" } });
    if (filed.statusCode !== 201) throw new Error(`report: ${filed.body}`);
    return { method: "POST", url: `/api/admin/reports/place/${placeId}/resolve`, payload: { action: "dismiss", reason: "Sin infracción." } };
  },
};

describe("matriz de autorización del contenido (docs/authorization-content.md)", () => {
  let world: World;
  const matrix = readMatrix();

  beforeAll(async () => {
    // A calendar feed on this machine for the subscription cells (each subscribes its own address).
    calendarSite = http.createServer((_request, response) => response.writeHead(200, { "content-type": "text/calendar" }).end(matrixCalendar()));
    await new Promise<void>((resolve) => calendarSite.listen(0, "127.0.0.1", resolve));
    calendarHost = `127.0.0.1:${(calendarSite.address() as AddressInfo).port}`;
    const t = await createTestApp({ env: { IMPORT_ALLOW_PRIVATE_HOSTS: calendarHost } });
    const author = await makePerson(t, { name: "Autora" });
    const communityAdmin = await makePerson(t, { name: "Admin de comunidad" });
    const people = {
      normal: await makePerson(t, { name: "Normal" }),
      banned: await makePerson(t, { name: "Suspendida", banned: true }),
      admin: await makePerson(t, { name: "Admin", accountType: "ADMIN" }),
      master: await makePerson(t, { name: "Master", accountType: "MASTER" }),
      author,
      communityAdmin,
    };
    world = {
      t,
      people,
      // A fresh community per use, so destructive calls never affect another cell.
      async community() {
        const id = await createCommunity(t, author, unique("Comunidad de la matriz"));
        const added = await as(t, author)({ method: "POST", url: `/api/communities/${id}/members`, payload: { userId: communityAdmin.uid, role: "admin" } });
        if (added.statusCode !== 201) throw new Error(`member: ${added.body}`);
        return id;
      },
    };
  });
  afterAll(async () => {
    await world.t.close();
    await new Promise((resolve) => calendarSite.close(resolve));
  });

  it("cada fila de la tabla tiene su escenario y viceversa", () => {
    expect(matrix.length).toBeGreaterThan(40);
    expect(matrix.map((row) => row.call).sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  it.each(matrix.map((row) => [row.call, row.expected] as const))("%s", async (call, expected) => {
    const scenario = SCENARIOS[call];
    if (!scenario) throw new Error(`Sin escenario para ${call}`);
    const got: Record<string, number> = {};
    for (const actor of ACTORS) {
      const request = await scenario(world);
      const who = actor === "signedOut" ? null : world.people[actor];
      const res = await as(world.t, who)(request);
      got[actor] = res.statusCode;
      if (res.statusCode >= 400) {
        // Every refusal speaks the error contract, in Spanish.
        expect(res.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
      }
    }
    expect(got).toEqual(expected);
  });
});
