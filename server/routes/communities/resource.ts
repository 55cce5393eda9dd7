import {
  communityListItemSchema,
  communityListQuerySchema,
  communityPayloadSchema,
  communitySchema,
  communityUpdatePayloadSchema,
  type Community,
  type CommunityPayload,
} from "../../../lib/schemas/communities";
import type { z } from "zod";
import { forbidden } from "../../plugins/errors";
import { contentResource } from "../content/resource";
import { managesCommunity, toCommunity } from "./mappers";
import { registerMemberRoutes } from "./members";
import { createCommunitiesRepository, type CommunityListFilters, type CommunityRow } from "./repository";

// Communities: groups with members (owners, admins, members) that publish events and news.
// Their owners and admins manage them; only owners delete them.

type CommunityUpdatePayload = z.output<typeof communityUpdatePayloadSchema>;

export const COMMUNITY_NOT_FOUND = "Comunidad no encontrada.";

export const communitiesRoutes = contentResource<CommunityRow, Community, CommunityPayload, CommunityUpdatePayload, CommunityListFilters>({
  kind: "communities",
  notFound: COMMUNITY_NOT_FOUND,
  cannotEdit: "Solo propietarios y administradores de la comunidad pueden hacer esto.",
  schemas: { item: communitySchema, listItem: communityListItemSchema, list: communityListQuerySchema, create: communityPayloadSchema, update: communityUpdatePayloadSchema },
  docs: {
    mine: { summary: "Comunidades de las que soy miembro", description: "Con mi rol en `myRole`; incluye las ocultas." },
    create: {
      summary: "Crear una comunidad",
      description: "Quien la crea queda como propietario. Acepta `Idempotency-Key`. Cuentas sin verificar: 1 al día (429).",
    },
    descriptions: {
      list: "Por nombre; `featured=true` para las destacadas; `memberId=` las de una persona (las membresías son públicas). `visibility=hidden|all` solo para administración.",
      get: "Sus eventos: `GET /events?communityId=`; sus noticias: `GET /news?communityId=`.",
      update: "Propietarios y administradores de la comunidad, o la administración del sitio.",
      remove: "Sus propietarios o la administración (con `?reason=`). Sus eventos y noticias se conservan, sin comunidad.",
    },
  },

  repository: createCommunitiesRepository,
  canEdit: (row, viewer) => managesCommunity(row.my_role, viewer),
  viewerRole: { column: "my_role", communityOf: (row) => row.id },
  toItem: toCommunity,
  cover: (row) => row.image,
  mine: (viewerId) => ({ memberId: viewerId, visibility: "all" }),
  create: (tx, body, viewer) => createCommunitiesRepository(tx).create({ name: body.name, description: body.description ?? "" }, viewer.id),
  async update(row, body, _viewer, { database }) {
    await createCommunitiesRepository(database).update(row.id, {
      name: body.name ?? row.name,
      description: body.description === undefined ? row.description : (body.description ?? ""),
    });
  },
  remove: {
    deletable(row, viewer) {
      if (!viewer.isAdmin && row.my_role !== "owner") throw forbidden("Solo los propietarios de la comunidad pueden borrarla.");
    },
    // An owner deleting is not moderation; an admin who is not an owner is.
    authorOf: (row, viewer) => (row.my_role === "owner" ? viewer.id : row.created_by),
  },
  routes: registerMemberRoutes,
});
