import { infiniteQueryOptions, type InfiniteData, type QueryClient } from "@tanstack/react-query";
import type { Notification, NotificationPage, SendNotificationPayload, StreamTicket } from "@/lib/schemas/notifications";
import { nextPageParam, pageQuery } from "@/lib/schemas/cursor";
import { mergeNotifications } from "@/lib/state/notification-updates";
import { apiGet, apiPost } from "./client";

// The notifications resource: the signed-in user's inbox (newest first, pages of 50 over the
// server's cursor, with the unread count of all pages), marking them read, the ticket that
// opens the realtime stream (EventSource cannot send the bearer token), and the admins' send call.

export const NOTIFICATIONS_PAGE_SIZE = 50;

export function fetchNotifications(cursor?: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  return apiGet<NotificationPage>("/notifications", {
    cache: false,
    signal,
    searchParams: pageQuery(cursor, NOTIFICATIONS_PAGE_SIZE),
  });
}

/** Marks the given notifications read, or all of them without ids; answers the unread count left. */
export function markViewed(ids?: string[]): Promise<{ updated: number; unviewed: number }> {
  return apiPost("/notifications/viewed", ids ? { ids } : {}, { keepsCache: true });
}

export function fetchStreamTicket(): Promise<StreamTicket> {
  return apiPost<StreamTicket>("/notifications/stream-ticket", undefined, { keepsCache: true });
}

export function sendNotification(payload: SendNotificationPayload): Promise<{ sent: number }> {
  return apiPost<{ sent: number }>("/notifications/send", payload);
}

export type InboxData = InfiniteData<NotificationPage, string | undefined>;

export const notificationQueries = {
  all: () => ["notifications"] as const,
  /**
   * The inbox as an infinite list. Kept in the persisted cache, trimmed to its first page when
   * the list is left (keepFirstPage), so it opens offline without storing every page ever read.
   */
  inbox: () =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.all(), "inbox"] as const,
      queryFn: ({ pageParam, signal }) => fetchNotifications(pageParam, signal),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last: NotificationPage) => nextPageParam(last),
    }),
};

const inboxKey = () => notificationQueries.inbox().queryKey;

function editInbox(client: QueryClient, edit: (data: InboxData) => InboxData): void {
  client.setQueryData<InboxData>(inboxKey(), (data) => (data && data.pages.length > 0 ? edit(data) : data));
}

/** Notifications that arrived live go on top of the first page (once each). */
export function addToInbox(client: QueryClient, items: Notification[]): void {
  editInbox(client, (data) => {
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, items: mergeNotifications(first!.items, items) }, ...rest] };
  });
}

/** Some (ids) or all (null) were marked read: every page shows it, and the unread count. */
export function markReadInInbox(client: QueryClient, ids: readonly string[] | null, unviewed: number): void {
  const marked = ids ? new Set(ids) : null;
  editInbox(client, (data) => ({
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      unviewed,
      items: page.items.map((item) => (!item.viewed && (!marked || marked.has(item._id)) ? { ...item, viewed: true } : item)),
    })),
  }));
}

/** Leaving the list: only the first page stays (what is persisted, and refetched next time). */
export function keepFirstPage(client: QueryClient): void {
  editInbox(client, (data) => (data.pages.length <= 1 ? data : { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) }));
}

/** The cached first page, if any (the offline copy). */
export function cachedFirstPage(client: QueryClient): NotificationPage | undefined {
  return client.getQueryData<InboxData>(inboxKey())?.pages[0];
}

export type { Notification };
