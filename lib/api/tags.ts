import { queryOptions, type MutationOptions, type QueryClient } from "@tanstack/react-query";
import type { FollowResult } from "@/lib/schemas/content";
import type { Tag, TagPayload } from "@/lib/schemas/tags";
import type { User } from "@/lib/schemas/users";
import { apiDelete, apiGet, apiPost, apiPut } from "./client";
import { CONTENT_STALE_TIME_MS } from "./content";
import { eventQueries } from "./events";
import { restoreSnapshot, userQueries, type Snapshot } from "./users";

// Tags classify events; admins manage them, the event form offers them, anyone may follow them.

export function fetchTags(signal?: AbortSignal): Promise<Tag[]> {
  return apiGet<Tag[] | { items: Tag[] }>("/tags", { cache: false, signal }).then((data) => (Array.isArray(data) ? data : data.items));
}

export function createTag(payload: TagPayload): Promise<Tag> {
  return apiPost<Tag>("/tags", payload);
}

export function renameTag(id: string, payload: Partial<TagPayload>): Promise<Tag> {
  return apiPut<Tag>(`/tags/${encodeURIComponent(id)}`, payload);
}

export function deleteTag(id: string): Promise<unknown> {
  return apiDelete(`/tags/${encodeURIComponent(id)}`);
}

export const tagQueries = {
  all: () => ["tags"] as const,
  list: () => queryOptions({ queryKey: [...tagQueries.all(), "list"] as const, queryFn: ({ signal }) => fetchTags(signal), staleTime: CONTENT_STALE_TIME_MS }),
};

export interface TagFollowVariables {
  tagId: string;
  follow: boolean;
}

export function followTag({ tagId, follow }: TagFollowVariables): Promise<FollowResult> {
  // Idempotent on the server: replaying a follow (or an unfollow) leaves the same state.
  return apiPost<FollowResult>(`/tags/${encodeURIComponent(tagId)}/follow`, undefined, { searchParams: follow ? undefined : { unfollow: true } });
}

/** A followed tag is in my-data (`following.tags`), like a followed person. */
export function withFollowedTag(user: User, tagId: string, follow: boolean): User {
  const tags = user.following.tags;
  if (tags.includes(tagId) === follow) return user;
  return { ...user, following: { ...user.following, tags: follow ? [...tags, tagId] : tags.filter((id) => id !== tagId) } };
}

export const followTagMutationKey = [...tagQueries.all(), "follow"] as const;

/**
 * Follow/unfollow a tag as a persisted mutation (offline it waits, surviving a reload): my-data
 * and the tag's count change at once and go back if the server refuses.
 */
export function followTagMutationDefaults(
  queryClient: QueryClient,
): MutationOptions<FollowResult, Error, TagFollowVariables, { snapshot: Snapshot }> & { mutationKey: typeof followTagMutationKey } {
  const setCount = (tagId: string, count: (tag: Tag) => number) =>
    queryClient.setQueryData<Tag[]>(tagQueries.list().queryKey, (list) => list?.map((tag) => (tag._id === tagId ? { ...tag, followersCount: count(tag) } : tag)));
  return {
    mutationKey: followTagMutationKey,
    mutationFn: followTag,
    scope: { id: "tags:follow" },
    onMutate: async ({ tagId, follow }) => {
      await queryClient.cancelQueries({ queryKey: userQueries.myDataKey() });
      const snapshot: Snapshot = [];
      const me = queryClient.getQueryData<User>(userQueries.myDataKey());
      if (me && me.following.tags.includes(tagId) !== follow) {
        snapshot.push([userQueries.myDataKey(), me]);
        queryClient.setQueryData(userQueries.myDataKey(), withFollowedTag(me, tagId, follow));
        const list = queryClient.getQueryData<Tag[]>(tagQueries.list().queryKey);
        if (list) snapshot.push([tagQueries.list().queryKey, list]);
        setCount(tagId, (tag) => Math.max(0, tag.followersCount + (follow ? 1 : -1)));
      }
      return { snapshot };
    },
    onError: (_error, _variables, context) => restoreSnapshot(queryClient, context?.snapshot),
    onSuccess: (result, { tagId }) => {
      // The server's count is the truth (others follow too); para ti now weighs the tag.
      setCount(tagId, () => result.followersCount);
      void queryClient.invalidateQueries({ queryKey: eventQueries.forYou() });
    },
  };
}
