import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Community, CommunityListItem, CommunityMember, CommunityPayload, CommunityRole } from "@/lib/schemas/communities";
import type { CommunitySummary } from "@/lib/schemas/content";
import type { Page } from "@/lib/schemas/cursor";
import { apiDelete, apiPost, apiPut } from "./client";
import { CONTENT_STALE_TIME_MS, namedIn } from "./content";
import { contentResource } from "./content-resource";
import { eventQueries } from "./events";
import { newsQueries } from "./news";
import { fetchPage } from "./pages";

// The communities resource: groups with members and roles, their events and news.

export interface CommunityFilters {
  featured?: boolean;
  /** The communities a person belongs to (their profile). */
  memberId?: string;
  /** Admin panel only: `hidden` or `all` (403 for anyone else). */
  visibility?: "visible" | "hidden" | "all";
}

const communities = contentResource<Community, CommunityListItem, CommunityFilters, CommunityPayload>("communities", {
  followInvalidates: [["events", "for-you"]],
});

const membersPath = (id: string) => `/communities/${encodeURIComponent(id)}/members`;

export function fetchMembers(id: string, signal?: AbortSignal): Promise<Page<CommunityMember>> {
  return fetchPage<CommunityMember>(membersPath(id), {}, null, 50, signal);
}

export function addMember(id: string, userId: string, role: CommunityRole = "member"): Promise<CommunityMember> {
  return apiPost<CommunityMember>(membersPath(id), { userId, role });
}

export function changeMemberRole(id: string, userId: string, role: CommunityRole): Promise<CommunityMember> {
  return apiPut<CommunityMember>(`${membersPath(id)}/${encodeURIComponent(userId)}`, { role });
}

export function removeMember(id: string, userId: string): Promise<unknown> {
  return apiDelete(`${membersPath(id)}/${encodeURIComponent(userId)}`);
}

/** Deletes the community (its owners, or an admin with a reason); its events and news stay, without it. */
export function deleteCommunity(id: string, reason?: string): Promise<unknown> {
  return communities.remove(id, { reason: reason || undefined });
}

export function joinCommunity(id: string): Promise<Community> {
  return apiPost<Community>(`/communities/${encodeURIComponent(id)}/join`);
}

export function leaveCommunity(id: string): Promise<Community> {
  return apiPost<Community>(`/communities/${encodeURIComponent(id)}/leave`);
}

export const communityQueries = {
  ...communities.queries,
  members: (id: string) => ["communities", "members", id] as const,
  membersQuery: (id: string) =>
    queryOptions({ queryKey: communityQueries.members(id), queryFn: ({ signal }) => fetchMembers(id, signal), staleTime: CONTENT_STALE_TIME_MS }),
};

export const fetchCommunity = communities.fetch;
export const moderateCommunity = communities.moderate;
export const updateCommunity = communities.update;
export const uploadCommunityImage = communities.uploadImage;
export const storeCommunity = communities.store;
/**
 * The community as the app already has it, for its page's title and picture before its answer
 * arrives: as a cached list has it, else as a cached event or news item names it (the link on their
 * pages). Their naming does not say whether the community is hidden.
 */
export const listedCommunity = (queryClient: QueryClient, id: string): CommunityListItem | CommunitySummary | undefined =>
  communities.listed(queryClient, id) ?? namedIn<CommunitySummary>(queryClient, [eventQueries.all(), newsQueries.all()], "community", "image", id);
export const followCommunityMutationDefaults = communities.followMutationDefaults;
export const createCommunityMutationDefaults = communities.createMutationDefaults;
