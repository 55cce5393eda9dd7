import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import sharp from "sharp";
import { communitySchema } from "../../../../lib/schemas/communities";
import { createTestApp, type TestApp } from "../../../test/harness";
import { multipartBody } from "../../../test/multipart";
import { as, createCommunity, createEvent, makePerson, notificationsOf, type Person } from "../../content/__tests__/helpers";

describe("comunidades", () => {
  let t: TestApp;
  let owner: Person;
  let member: Person;
  let follower: Person;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await makePerson(t, { name: "Dueña" });
    member = await makePerson(t, { name: "Miembro" });
    follower = await makePerson(t, { name: "Seguidora" });
  });
  afterAll(async () => {
    await t.close();
  });

  it("quien la crea es propietaria; agrega a un miembro que luego publica una noticia que llega a quien sigue la comunidad", async () => {
    const id = await createCommunity(t, owner, "Lectores del Centro");
    const detail = communitySchema.parse((await as(t, owner)({ url: `/api/communities/${id}` })).json().data);
    expect(detail).toMatchObject({ myRole: "owner", membersCount: 1, canEdit: true });
    await as(t, follower)({ method: "POST", url: `/api/communities/${id}/follow` });

    const added = await as(t, owner)({ method: "POST", url: `/api/communities/${id}/members`, payload: { userId: member.uid } });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ role: "member", user: { _id: member.uid, name: "Miembro" } });
    expect((await notificationsOf(t, member.uid))[0]).toMatchObject({ kind: "community_member_added", title: "Te agregaron a «Lectores del Centro»" });
    expect((await as(t, owner)({ method: "POST", url: `/api/communities/${id}/members`, payload: { userId: member.uid } })).statusCode).toBe(409);

    const news = await as(t, member)({ method: "POST", url: "/api/news", payload: { title: "Nos vemos el jueves", summary: "Capítulos 1 a 5.", body: "Traigan su libro.", communityId: id } });
    expect(news.statusCode).toBe(201);
    expect(news.json().data).toMatchObject({ community: { _id: id, name: "Lectores del Centro" }, canEdit: true });
    expect((await notificationsOf(t, follower.uid))[0]).toMatchObject({
      kind: "news_published",
      title: "Noticia de Lectores del Centro",
      body: "Nos vemos el jueves: Capítulos 1 a 5.",
    });
    const stranger = await makePerson(t);
    const outsider = await as(t, stranger)({ method: "POST", url: "/api/news", payload: { title: "Intruso", body: "x", communityId: id } });
    expect(outsider.statusCode).toBe(403);

    const members = await as(t, null)({ url: `/api/communities/${id}/members` });
    expect(members.json().data.items.map((m: { role: string }) => m.role)).toEqual(["owner", "member"]);
  });

  it("`memberId=` lista las comunidades visibles de una persona para cualquiera (su perfil); las ocultas no", async () => {
    const person = await makePerson(t, { name: "Socia" });
    const admin = await makePerson(t, { accountType: "ADMIN" });
    const joined = await createCommunity(t, owner, "Club de ajedrez");
    const hidden = await createCommunity(t, person, "Grupo que se ocultará");
    await createCommunity(t, owner, "Club ajeno");
    await as(t, person)({ method: "POST", url: `/api/communities/${joined}/join` });
    const moderated = await as(t, admin)({ method: "POST", url: `/api/communities/${hidden}/moderate`, payload: { action: "hide", reason: "Prueba" } });
    expect(moderated.statusCode).toBe(200);

    const res = await as(t, null)({ url: `/api/communities?memberId=${person.uid}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.items.map((c: { name: string }) => c.name)).toEqual(["Club de ajedrez"]);
    expect((await as(t, null)({ url: "/api/communities?memberId=" })).statusCode).toBe(400);
  });

  it("siempre queda un propietario: no se le quita, no se degrada al último, el último no sale", async () => {
    const id = await createCommunity(t, owner, "Corredores");
    await as(t, member)({ method: "POST", url: `/api/communities/${id}/join` });
    const removeOwner = await as(t, owner)({ method: "DELETE", url: `/api/communities/${id}/members/${owner.uid}` });
    expect(removeOwner.statusCode).toBe(409);
    expect(removeOwner.json().message).toBe("No se puede quitar a un propietario; primero cámbiale el rol.");
    const demote = await as(t, owner)({ method: "PUT", url: `/api/communities/${id}/members/${owner.uid}`, payload: { role: "member" } });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe("La comunidad necesita al menos un propietario.");
    expect((await as(t, owner)({ method: "POST", url: `/api/communities/${id}/leave` })).statusCode).toBe(409);

    // With a second owner the first may step down and leave.
    expect((await as(t, owner)({ method: "PUT", url: `/api/communities/${id}/members/${member.uid}`, payload: { role: "owner" } })).statusCode).toBe(200);
    const left = await as(t, owner)({ method: "POST", url: `/api/communities/${id}/leave` });
    expect(left.statusCode).toBe(200);
    expect(left.json().data).toMatchObject({ myRole: null, membersCount: 1 });
    // Joining and leaving again are idempotent.
    expect((await as(t, owner)({ method: "POST", url: `/api/communities/${id}/leave` })).statusCode).toBe(200);
  });

  it("quien administra una comunidad oculta puede salir: la respuesta es la comunidad sin su rol, y después ya no la ve", async () => {
    const admin = await makePerson(t, { accountType: "ADMIN" });
    const helper = await makePerson(t, { name: "Ayudante" });
    const id = await createCommunity(t, owner, "Grupo en revisión");
    expect((await as(t, owner)({ method: "POST", url: `/api/communities/${id}/members`, payload: { userId: helper.uid, role: "admin" } })).statusCode).toBe(201);
    expect((await as(t, admin)({ method: "POST", url: `/api/communities/${id}/moderate`, payload: { action: "hide", reason: "Revisión" } })).statusCode).toBe(200);
    // Hidden, it is seen by who may edit it: the helper, as its admin.
    expect((await as(t, helper)({ url: `/api/communities/${id}` })).json().data).toMatchObject({ myRole: "admin", canEdit: true });

    const left = await as(t, helper)({ method: "POST", url: `/api/communities/${id}/leave` });
    expect(left.statusCode).toBe(200);
    expect(left.json().data).toMatchObject({ _id: id, myRole: null, canEdit: false, membersCount: 1 });
    // Leaving took: no longer a member, and no longer one who sees it.
    const members = await as(t, owner)({ url: `/api/communities/${id}/members` });
    expect(members.json().data.items.map((m: { user: { _id: string } }) => m.user._id)).toEqual([owner.uid]);
    expect((await as(t, helper)({ url: `/api/communities/${id}` })).statusCode).toBe(404);
    // Leaving again: it is gone from their sight, as for anyone who is not a member.
    expect((await as(t, helper)({ method: "POST", url: `/api/communities/${id}/leave` })).statusCode).toBe(404);
  });

  it("sus eventos y sus noticias la nombran con su imagen, que no muestran mientras está oculta", async () => {
    const admin = await makePerson(t, { accountType: "ADMIN" });
    const id = await createCommunity(t, owner, "Fotógrafos del Norte");
    const png = await sharp({ create: { width: 800, height: 450, channels: 3, background: { r: 40, g: 80, b: 200 } } }).png().toBuffer();
    const form = multipartBody({}, [{ field: "file", filename: "grupo.png", contentType: "image/png", data: png }]);
    const uploaded = await as(t, owner)({ method: "PUT", url: `/api/communities/${id}/image`, headers: { "content-type": form.contentType }, payload: form.body });
    expect(uploaded.statusCode).toBe(200);
    const image = uploaded.json().data.image as string;
    expect(image).toMatch(/\.webp$/);
    const eventId = await createEvent(t, owner, { communityId: id });
    const news = await as(t, owner)({ method: "POST", url: "/api/news", payload: { title: "Salida fotográfica", body: "Por el centro.", communityId: id } });
    expect(news.statusCode).toBe(201);
    // Read by anyone: what a hidden community published stays public, and so does its name there.
    const read = async (url: string) => (await as(t, null)({ url })).json().data;
    const named = async () => [
      (await read(`/api/events/${eventId}`)).community,
      (await read(`/api/news/${news.json().data._id}`)).community,
      (await read(`/api/events?communityId=${id}`)).items[0].community,
      (await read(`/api/news?communityId=${id}`)).items[0].community,
    ];
    const moderate = (action: "hide" | "unhide") => as(t, admin)({ method: "POST", url: `/api/communities/${id}/moderate`, payload: { action, reason: "Imagen ofensiva" } });
    const shown = { _id: id, name: "Fotógrafos del Norte", image };
    expect(await named()).toEqual([shown, shown, shown, shown]);

    expect((await moderate("hide")).statusCode).toBe(200);
    const withoutPicture = { ...shown, image: null };
    expect(await named()).toEqual([withoutPicture, withoutPicture, withoutPicture, withoutPicture]);
    expect((await as(t, owner)({ url: `/api/communities/${id}` })).json().data.image).toBe(image);
    expect((await moderate("unhide")).statusCode).toBe(200);
    expect(await named()).toEqual([shown, shown, shown, shown]);
  });

  it("valida en español y no acepta campos de más", async () => {
    const res = await as(t, owner)({ method: "POST", url: "/api/communities", payload: { name: "ab", owner: "x" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toEqual([
      { path: ["name"], message: "El nombre debe tener al menos 3 caracteres." },
      { path: ["owner"], message: "Este campo no está permitido." },
    ]);
  });
});
