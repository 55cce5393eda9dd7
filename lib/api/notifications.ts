import { queryOptions } from "@tanstack/react-query";
import type { Notification, NotificationPage, SendNotificationPayload, StreamTicket } from "@/lib/schemas/notifications";
import { pageQuery } from "@/lib/schemas/cursor";
import { apiGet, apiPost } from "./client";

// The notifications resource: the signed-in user's list (newest first), marking them viewed,
// the ticket that opens the realtime stream (EventSource cannot send the bearer token), and the
// admins' send call.

export const NOTIFICATIONS_PAGE_SIZE = 50;

export function fetchNotifications(cursor?: string | null, signal?: AbortSignal): Promise<NotificationPage> {
  return apiGet<NotificationPage>("/notifications", {
    cache: false,
    signal,
    searchParams: pageQuery(cursor, NOTIFICATIONS_PAGE_SIZE),
  });
}

/** Marks the given notifications viewed, or all of them without ids. */
export function markViewed(ids?: string[]): Promise<{ updated: number; unviewed: number }> {
  return apiPost("/notifications/viewed", ids ? { ids } : {});
}

export function fetchStreamTicket(): Promise<StreamTicket> {
  return apiPost<StreamTicket>("/notifications/stream-ticket");
}

export function sendNotification(payload: SendNotificationPayload): Promise<{ sent: number }> {
  return apiPost<{ sent: number }>("/notifications/send", payload);
}

export const notificationQueries = {
  all: () => ["notifications"] as const,
  /** The latest page, kept in the persisted cache so the list opens offline. */
  latest: () =>
    queryOptions({
      queryKey: [...notificationQueries.all(), "latest"] as const,
      queryFn: ({ signal }) => fetchNotifications(null, signal),
    }),
};

export type { Notification };
