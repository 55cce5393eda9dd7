"use client";

import Link from "next/link";
import { useEffect, useState, useSyncExternalStore } from "react";
import { onlineManager } from "@tanstack/react-query";
import { useAtomValue, useSetAtom } from "jotai";
import { markViewed, notificationQueries } from "@/lib/api/notifications";
import { internalHref } from "@/lib/safe-links";
import { getQueryClient } from "@/lib/query/client";
import { identityAtom } from "@/lib/state/auth";
import { markNotificationsViewed, notificationsAtom, withAllViewed, type AppNotification } from "@/lib/state/notifications";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { Skeleton } from "@/components/ui/skeleton";
import styles from "./notifications.module.css";

const timeFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeStyle: "short", timeZone: "America/Monterrey" });

function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : timeFormat.format(date);
}

function NotificationItem({ item, fresh }: { item: AppNotification; fresh: boolean }) {
  const href = internalHref(item.link);
  const content = (
    <>
      <span className={styles.title}>
        {item.title}
        {fresh ? <span className={styles.newBadge}>Nueva</span> : null}
      </span>
      <span>{item.body}</span>
      <time className={styles.time} dateTime={item.createdAt}>
        {when(item.createdAt)}
      </time>
    </>
  );
  return (
    <li className={fresh ? `${styles.item} ${styles.itemNew} card` : `${styles.item} card`}>
      {href ? (
        <Link href={href} className={styles.link}>
          {content}
        </Link>
      ) : (
        <div className={styles.link}>{content}</div>
      )}
    </li>
  );
}

/**
 * /notifications (docs/product.md#routes): the list, newest first. Opening it counts as viewing
 * (the badge goes back to zero) and tells the server, so the items read as seen on every device.
 */
export function NotificationsView() {
  const identity = useAtomValue(identityAtom);
  const state = useAtomValue(notificationsAtom);
  const setNotifications = useSetAtom(notificationsAtom);
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const online = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
    () => true,
  );

  // Whatever arrives while the page is open is seen at once.
  useEffect(() => {
    setNotifications(markNotificationsViewed);
  }, [setNotifications, state.list]);

  const unviewed = state.list.filter((item) => item.viewed === false).map((item) => item._id);
  const unviewedKey = unviewed.join(",");
  useEffect(() => {
    if (unviewedKey === "") return;
    const ids = unviewedKey.split(",");
    let cancelled = false;
    markViewed(ids)
      .then(() => {
        if (cancelled) return;
        setFresh((previous) => new Set([...previous, ...ids]));
        setNotifications(withAllViewed);
        getQueryClient().setQueryData(notificationQueries.latest().queryKey, (page) =>
          page ? { ...page, unviewed: 0, items: page.items.map((item) => ({ ...item, viewed: true })) } : page,
        );
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [unviewedKey, setNotifications]);

  return (
    <>
      <PageHeader title="Notificaciones" />
      {!identity ? (
        <EmptyState title="Inicia sesión para recibir notificaciones." hint={null}>
          <ButtonLink href="/login/">Iniciar sesión</ButtonLink>
        </EmptyState>
      ) : !state.loaded ? (
        <Skeleton lines={3} label="Cargando notificaciones" />
      ) : state.list.length === 0 && !online ? (
        <EmptyState title="Sin conexión" hint="Tus notificaciones aparecerán aquí cuando vuelvas a estar en línea." />
      ) : state.list.length === 0 ? (
        <EmptyState title="Aún no tienes notificaciones." hint="Aquí verás cuando alguien te siga o cuando el equipo de Plaza te escriba." />
      ) : (
        <ul className={styles.list} aria-label="Notificaciones, la más reciente primero">
          {state.list.map((item) => (
            <NotificationItem key={item._id} item={item} fresh={item.viewed === false || fresh.has(item._id)} />
          ))}
        </ul>
      )}
    </>
  );
}
