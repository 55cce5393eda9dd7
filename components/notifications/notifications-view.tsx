"use client";

import { useEffect } from "react";
import { useSetAtom } from "jotai";
import { markNotificationsViewed, notificationsAtom } from "@/lib/state/notifications";
import { SectionPage } from "@/components/content/section-page";

/** Opening the notifications counts as viewing them: the badge goes back to zero. */
export function NotificationsView() {
  const setNotifications = useSetAtom(notificationsAtom);
  useEffect(() => {
    setNotifications(markNotificationsViewed);
  }, [setNotifications]);
  return <SectionPage title="Notificaciones" empty="Aún no tienes notificaciones." />;
}
