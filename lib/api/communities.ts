import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { Community, CommunityMember, CommunityPayload, CommunityRole } from "@/lib/schemas/communities";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";
import { CONTENT_STALE_TIME_MS, PAGE_SIZE, createMutationDefaults, followMutationDefaults, listOptions } from "./content";
import { uploadForm, type UploadProgress } from "./upload";

// The communities resource: groups with members and roles, their events and news.

export function fetchCommunity(id: string, signal?: AbortSignal): Promise<Community> {
  return apiGet<Community>(`/communities/${encodeURIComponent(id)}`, { cache: false, signal });
}

export function updateCommunity(id: string, payload: Partial<CommunityPayload>): Promise<Community> {
  return apiPut<Community>(`/communities/${encodeURIComponent(id)}`, payload);
}

export function uploadCommunityImage(id: string, file: File, progress?: UploadProgress): Promise<Community> {
  return uploadForm<Community>(`/communities/${encodeURIComponent(id)}/image`, file, progress);
}

export function fetchMembers(id: string, signal?: AbortSignal): Promise<{ items: CommunityMember[]; nextCursor: string | null }> {
  return apiGet(`/communities/${encodeURIComponent(id)}/members`, { searchParams: { limit: 50 }, cache: false, signal });
}

export function addMember(id: string, userId: string, role: CommunityRole = "member"): Promise<CommunityMember> {
  return apiPost<CommunityMember>(`/communities/${encodeURIComponent(id)}/members`, { userId, role });
}

export function changeMemberRole(id: string, userId: string, role: CommunityRole): Promise<CommunityMember> {
  return apiPut<CommunityMember>(`/communities/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`, { role });
}

export function removeMember(id: string, userId: string): Promise<unknown> {
  return apiDelete(`/communities/${encodeURIComponent(id)}/members/${encodeURIComponent(userId)}`);
}

export function joinCommunity(id: string): Promise<Community> {
  return apiPost<Community>(`/communities/${encodeURIComponent(id)}/join`);
}

export function leaveCommunity(id: string): Promise<Community> {
  return apiPost<Community>(`/communities/${encodeURIComponent(id)}/leave`);
}

export const communityQueries = {
  all: () => ["communities"] as const,
  lists: () => [...communityQueries.all(), "list"] as const,
  list: (filters: { featured?: boolean }) => [...communityQueries.lists(), "public", filters] as const,
  mine: () => [...communityQueries.lists(), "mine"] as const,
  following: () => [...communityQueries.lists(), "following"] as const,
  detail: (id: string) => [...communityQueries.all(), "detail", id] as const,
  members: (id: string) => [...communityQueries.all(), "members", id] as const,

  listQuery: (filters: { featured?: boolean }, limit?: number) =>
    listOptions<Community>([...communityQueries.list(filters), limit ?? PAGE_SIZE], "/communities", { ...filters, limit }),
  mineQuery: () => listOptions<Community>(communityQueries.mine(), "/communities/mine"),
  followingQuery: () => listOptions<Community>(communityQueries.following(), "/communities/following"),
  detailQuery: (id: string) =>
    queryOptions({ queryKey: communityQueries.detail(id), queryFn: ({ signal }) => fetchCommunity(id, signal), staleTime: CONTENT_STALE_TIME_MS }),
  membersQuery: (id: string) =>
    queryOptions({ queryKey: communityQueries.members(id), queryFn: ({ signal }) => fetchMembers(id, signal), staleTime: CONTENT_STALE_TIME_MS }),
};

export const followCommunityMutationDefaults = followMutationDefaults("communities", [["events", "for-you"]]);
export const createCommunityMutationDefaults = createMutationDefaults<Community, CommunityPayload>("communities");

export function storeCommunity(queryClient: QueryClient, community: Community): void {
  queryClient.setQueryData(communityQueries.detail(community._id), community);
  void queryClient.invalidateQueries({ queryKey: communityQueries.lists() });
}
