import type { DynamicRoute } from "@/lib/routes";
import type { ContentKind } from "@/lib/schemas/content";

// Where each content kind's pages live: the shared create, edit, save and list blocks link and
// land with these (the route table itself is lib/routes.ts).

export interface KindRoutes {
  item: DynamicRoute;
  edit: DynamicRoute;
  create: string;
  mine: string;
}

export const KIND_ROUTES: Record<ContentKind, KindRoutes> = {
  events: { item: "/events/[eventId]", edit: "/events/[eventId]/edit", create: "/events/create/", mine: "/events/mine/" },
  places: { item: "/places/[placeId]", edit: "/places/[placeId]/edit", create: "/places/create/", mine: "/places/mine/" },
  news: { item: "/news/[newsId]", edit: "/news/[newsId]/edit", create: "/news/create/", mine: "/news/mine/" },
  communities: { item: "/communities/[communityId]", edit: "/communities/[communityId]/edit", create: "/communities/create/", mine: "/communities/mine/" },
};

/** The edit page of a kind with a form (saved addresses have one too, without an item page). */
export function editRoute(kind: ContentKind | "addresses"): DynamicRoute {
  return kind === "addresses" ? "/addresses/[addressId]/edit" : KIND_ROUTES[kind].edit;
}
