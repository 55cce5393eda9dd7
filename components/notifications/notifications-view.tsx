"use client";

import Link from "@/components/ui/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { onlineManager, useInfiniteQuery } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { keepFirstPage, notificationQueries, type Notification } from "@/lib/api/notifications";
import { internalHref } from "@/lib/safe-links";
import { getQueryClient } from "@/lib/query/client";
import { identityAtom } from "@/lib/state/auth";
import { notificationsAtom, unreadNotificationsAtom } from "@/lib/state/notifications";
import { markNotificationsViewed } from "@/lib/state/notification-updates";
import { CITY_TIME_ZONE, LOCALE } from "@/lib/schemas/constants";
import { InfiniteList } from "@/components/content/infinite-list";
import { Button, ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PageHeader } from "@/components/ui/page-header";
import { useMarkRead } from "./use-mark-read";
import styles from "./notifications.module.css";

const timeFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone: CITY_TIME_ZONE });
const MARK_FAILED = "No se pudieron marcar como leídas. Inténtalo de nuevo.";

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

function NotificationItem({ item, onRead }: { item: Notification; onRead: (id: string) => void }) {
  const href = internalHref(item.link);
  const unread = item.viewed === false;
  const content = (
    <>
      <span className={styles.title}>
        {item.title}
        {unread ? <span className={styles.newBadge}>Nueva</span> : null}
      </span>
      <span>{item.body}</span>
      <time className={styles.time} dateTime={item.createdAt}>
        {when(item.createdAt)}
      </time>
    </>
  );
  return (
    <div className={unread ? `${styles.item} ${styles.itemNew} card` : `${styles.item} card`}>
      {href ? (
        // Opening a notification reads it; the navigation does not wait for the server.
        <Link href={href} className={styles.link} onClick={unread ? () => onRead(item._id) : undefined}>
          {content}
        </Link>
      ) : (
        <div className={styles.link}>
          {content}
          {unread ? (
            <Button variant="ghost" className={styles.readButton} onClick={() => onRead(item._id)}>
              Marcar como leída
            </Button>
          ) : null}
        </div>
      )}
    </div>
  );
}

/**
 * /notifications (docs/product.md#notifications): the inbox, newest first, 50 at a time as the
 * end scrolls into view (or with 'Cargar más'). Opening the page reads nothing by itself: an
 * item is read when opened, or all of them with 'Marcar todas como leídas'; the badge counts the
 * unread ones (the server's count).
 */
export function NotificationsView() {
  const identity = useAtomValue(identityAtom);
  const unread = useAtomValue(unreadNotificationsAtom);
  const setNotifications = useSetAtom(notificationsAtom);
  const query = useInfiniteQuery({ ...notificationQueries.inbox(), enabled: identity !== null });
  const markRead = useMarkRead();
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);
  const online = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );

  // Whatever is listed here needs no toast; leaving keeps only the first page (the offline copy).
  useEffect(() => {
    setNotifications(markNotificationsViewed);
    return () => keepFirstPage(getQueryClient());
  }, [setNotifications]);

  const read = (ids: string[] | null) => {
    setFailed(false);
    return markRead(ids).catch(() => setFailed(true));
  };
  const readAll = () => {
    setMarking(true);
    void read(null).finally(() => setMarking(false));
  };

  const hasItems = (query.data?.pages[0]?.items.length ?? 0) > 0;
  return (
    <>
      <PageHeader
        title="Notificaciones"
        actions={
          identity && hasItems ? (
            <Button variant="secondary" onClick={readAll} disabled={unread === 0 || !online || marking}>
              {marking ? "Marcando..." : "Marcar todas como leídas"}
            </Button>
          ) : null
        }
      />
      {failed ? <FormAlert message={MARK_FAILED} /> : null}
      {!identity ? (
        <EmptyState title="Inicia sesión para recibir notificaciones." hint={null}>
          <ButtonLink href="/login/">Iniciar sesión</ButtonLink>
        </EmptyState>
      ) : (
        <InfiniteList<Notification>
          query={query}
          label="Notificaciones, la más reciente primero"
          renderItem={(item) => <NotificationItem item={item} onRead={(id) => void read([id])} />}
          empty="Aún no tienes notificaciones."
          emptyHint="Aquí verás cuando alguien te siga o cuando el equipo de Plaza te escriba."
          offlineHint="Tus notificaciones aparecerán aquí cuando vuelvas a estar en línea."
          nextSkeletons={2}
          end="No hay más notificaciones."
        />
      )}
    </>
  );
}
