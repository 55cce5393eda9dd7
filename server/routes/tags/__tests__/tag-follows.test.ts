import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { createTestApp, type TestApp } from "../../../test/harness";
import { as, createEvent, createPlace, createTag, daysFromNow, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";

// Tags are followed like the other kinds: idempotent, listed in my-data, counted on the tag, fed
// into "Eventos para ti" and announced when a new event carries them.

interface Listed {
  _id: string;
  slug: string;
  followersCount: number;
}

describe("seguir etiquetas", () => {
  let t: TestApp;
  let admin: Person;
  let organizer: Person;
  let reader: Person;

  const tagId = async (slug: string) => ((await as(t, null)({ url: "/api/tags" })).json().data.items as Listed[]).find((tag) => tag.slug === slug)!;
  const follow = (who: Person | null, id: string, unfollow = false) =>
    as(t, who)({ method: "POST", url: `/api/tags/${id}/follow${unfollow ? "?unfollow=true" : ""}` });
  const followedTags = async (who: Person) => (await as(t, who)({ url: "/api/users/my-data" })).json().data.following.tags as string[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = await makePerson(t, { accountType: "ADMIN" });
    // Not verified: the fallback of para ti (soonest events of verified organisers) must not explain what the tag does.
    organizer = await makePerson(t, { verified: false });
    reader = await makePerson(t);
    await createTag(t, admin, "Teatro", "teatro");
    await createTag(t, admin, "Jazz", "jazz");
  });
  afterAll(async () => {
    await t.close();
  });

  it("seguir es idempotente, aparece en my-data y en la cuenta de seguidores; dejar de seguir lo quita", async () => {
    const tag = await tagId("jazz");
    const first = await follow(reader, tag._id);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ following: true, followersCount: 1 });
    expect((await follow(reader, tag._id)).json().data).toEqual({ following: true, followersCount: 1 });
    expect(await followedTags(reader)).toEqual([tag._id]);
    expect((await tagId("jazz")).followersCount).toBe(1);

    expect((await follow(reader, tag._id, true)).json().data).toEqual({ following: false, followersCount: 0 });
    expect((await follow(reader, tag._id, true)).statusCode).toBe(200);
    expect(await followedTags(reader)).toEqual([]);
  });

  it("401 sin sesión, 403 con la cuenta suspendida, 404 con un mensaje claro si la etiqueta no existe", async () => {
    const tag = await tagId("jazz");
    expect((await follow(null, tag._id)).statusCode).toBe(401);
    const banned = await makePerson(t, { banned: true });
    const refused = await follow(banned, tag._id);
    expect(refused.statusCode).toBe(403);
    const missing = await follow(reader, "no-existe");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Etiqueta no encontrada." });
  });

  it("borrar una etiqueta la quita de lo que sigue cada persona", async () => {
    await createTag(t, admin, "Efímera", "efimera");
    const tag = await tagId("efimera");
    await follow(reader, tag._id);
    expect(await followedTags(reader)).toContain(tag._id);
    expect((await as(t, admin)({ method: "DELETE", url: `/api/tags/${tag._id}` })).statusCode).toBe(200);
    expect(await followedTags(reader)).not.toContain(tag._id);
  });

  it("una etiqueta seguida trae sus eventos a «Eventos para ti» con el motivo; uno sin relación del mismo organizador no llega", async () => {
    const fan = await makePerson(t);
    const tagged = await createEvent(t, organizer, { title: "Obra con etiqueta", tags: ["teatro"], startsAt: daysFromNow(12) });
    const unrelated = await createEvent(t, organizer, { title: "Otra cosa", startsAt: daysFromNow(2) });
    const before = (await as(t, fan)({ url: "/api/events/for-you" })).json().data.items as { _id: string }[];
    expect(before.map((e) => e._id)).not.toContain(tagged);

    await follow(fan, (await tagId("teatro"))._id);
    const items = (await as(t, fan)({ url: "/api/events/for-you" })).json().data.items as { _id: string; reasons: string[] }[];
    const order = items.map((e) => e._id);
    expect(order).toContain(tagged);
    expect(items.find((e) => e._id === tagged)!.reasons).toContain("tag");
    // The organiser is not verified, so nothing but the followed tag brings an event of theirs.
    expect(order).not.toContain(unrelated);
  });

  it("un evento nuevo con la etiqueta avisa a quien la sigue, una vez, y el motivo más cercano gana", async () => {
    const follower = await makePerson(t);
    const alsoPlace = await makePerson(t);
    const teatro = await tagId("teatro");
    await follow(follower, teatro._id);
    await follow(alsoPlace, teatro._id);
    await follow(organizer, teatro._id);
    const place = await createPlace(t, organizer, { name: "Foro de la etiqueta" });
    await as(t, alsoPlace)({ method: "POST", url: `/api/places/${place}/follow` });

    const id = await createEvent(t, organizer, { title: "Estreno", tags: ["teatro", "jazz"], placeId: place, address: undefined });
    const notices = await notificationsOf(t, follower.uid);
    expect(notices.filter((n) => n.link === `/events/${id}`)).toEqual([
      expect.objectContaining({ kind: "event_published", title: "Nuevo evento con la etiqueta «Teatro»", link: `/events/${id}` }),
    ]);
    expect((await notificationsOf(t, alsoPlace.uid)).filter((n) => n.link === `/events/${id}`)).toEqual([
      expect.objectContaining({ title: "Nuevo evento en Foro de la etiqueta" }),
    ]);
    // Whoever publishes is never told of their own event.
    expect((await notificationsOf(t, organizer.uid)).filter((n) => n.link === `/events/${id}`)).toEqual([]);
  });
});
