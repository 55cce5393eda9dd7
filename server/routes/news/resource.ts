import { newsListItemSchema, newsListQuerySchema, newsPayloadSchema, newsSchema, newsUpdatePayloadSchema, type News, type NewsPayload, type NewsUpdatePayload } from "../../../lib/schemas/news";
import type { Queryable } from "../../db/client";
import { communityIssues, validationError } from "../content/publishing";
import { contentResource } from "../content/resource";
import type { Viewer } from "../content/viewer";
import { noticesIfOut, registerNewsAnnouncer } from "./announcements";
import { canEditNews, toNews } from "./mappers";
import { createNewsRepository, type NewsFilters, type NewsRow } from "./repository";

// News: pieces by a person, optionally in a community (its members publish there), and possibly
// scheduled for later. Followers of the community and of the author are told once the piece is
// out (announcements.ts).

export const NEWS_NOT_FOUND = "Noticia no encontrada.";
const SCHEDULE_LIMIT_DAYS = 365;

function checkSchedule(publishedAt: string | undefined) {
  if (publishedAt && Date.parse(publishedAt) > Date.now() + SCHEDULE_LIMIT_DAYS * 86_400_000) {
    throw validationError([{ path: ["publishedAt"], message: "Se puede programar hasta con un año de anticipación." }]);
  }
}

async function checkCommunity(db: Queryable, communityId: string | null | undefined, viewer: Viewer) {
  const issues = await communityIssues(db, communityId, viewer);
  if (issues.length > 0) throw validationError(issues);
}

export const newsRoutes = contentResource<NewsRow, News, NewsPayload, NewsUpdatePayload, NewsFilters>({
  kind: "news",
  notFound: NEWS_NOT_FOUND,
  cannotEdit: "Solo quien la publicó, los responsables de su comunidad o la administración pueden cambiarla.",
  schemas: { item: newsSchema, listItem: newsListItemSchema, list: newsListQuerySchema, create: newsPayloadSchema, update: newsUpdatePayloadSchema },
  docs: {
    mine: { summary: "Noticias que publiqué", description: "Incluye las programadas y las ocultas por moderación." },
    create: {
      summary: "Publicar una noticia",
      description:
        "En una comunidad, solo sus miembros. Avisa a quienes siguen la comunidad o a quien la publica; `publishedAt` futuro la programa y el aviso sale a esa hora. " +
        "Acepta `Idempotency-Key`. Cuentas sin verificar: 3 al día (429).",
    },
    descriptions: {
      list: "De la más reciente a la más antigua. Filtros: communityId, authorId, featured. `visibility=hidden|all` solo para administración.",
      update: "Quien la publicó, propietarios y administradores de su comunidad, o la administración.",
      remove: "Quien la publicó, responsables de su comunidad o la administración (que indica `?reason=` al borrar lo de otra persona).",
    },
  },

  repository: createNewsRepository,
  canEdit: canEditNews,
  viewerRole: { column: "viewer_community_role", communityOf: (row) => row.community_id },
  // A piece scheduled for later is, until then, as private as a hidden one.
  isPrivate: (row) => new Date(row.published_at as string).getTime() > Date.now(),
  toItem: toNews,
  cover: (row) => row.cover_image,
  mine: (viewerId) => ({ authorId: viewerId, visibility: "all", includeScheduled: true }),
  checkCreate: (body) => checkSchedule(body.publishedAt),
  async create(tx, body, viewer) {
    await checkCommunity(tx, body.communityId, viewer);
    return createNewsRepository(tx).create(
      {
        title: body.title,
        summary: body.summary ?? "",
        body: body.body,
        communityId: body.communityId ?? null,
        publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date(),
      },
      viewer.id,
    );
  },
  published: noticesIfOut,
  routes(app, { database }) {
    registerNewsAnnouncer(app, database);
  },
  async update(row, body, viewer, { database }) {
    checkSchedule(body.publishedAt);
    if (body.communityId !== undefined && body.communityId !== row.community_id) await checkCommunity(database, body.communityId, viewer);
    await createNewsRepository(database).update(row.id, {
      title: body.title ?? row.title,
      summary: body.summary === undefined ? row.summary : (body.summary ?? ""),
      body: body.body ?? row.body,
      communityId: body.communityId === undefined ? row.community_id : body.communityId,
      publishedAt: body.publishedAt ? new Date(body.publishedAt) : new Date(row.published_at as string),
    });
  },
});
