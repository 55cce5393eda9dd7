"use client";

import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { eventQueries } from "@/lib/api/events";
import { errorMessage } from "@/lib/api/errors";
import { isSignedInAtom } from "@/lib/state/auth";
import { CardSkeletons } from "@/components/content/card-skeletons";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { HOME_EVENT_LISTS } from "@/components/home/home-lists";
import styles from "@/components/content/list.module.css";
import { EventCard } from "./event-card";
import { EventList } from "./event-lists";

/**
 * "Eventos para ti": ranked by the server from what the person follows and where they live;
 * cached under the events-for-you key (logout forgets it). Signed out: what is coming up, named
 * after its section as when signed in (not "Próximos eventos", the name of the home's last list).
 */
export function ForYouEvents() {
  const signedIn = useAtomValue(isSignedInAtom);
  if (!signedIn) return <EventList {...HOME_EVENT_LISTS.forYouSignedOut} label="Eventos para ti" empty="No hay eventos próximos." />;
  return <SuggestedEvents />;
}

/** Mounted only while signed in, so no events-for-you entry outlives a sign-out. */
function SuggestedEvents() {
  const query = useQuery(eventQueries.forYouQuery());
  if (query.isPending) {
    if (query.fetchStatus === "paused") return <EmptyState title="Sin conexión" hint="Tus eventos sugeridos aparecerán cuando vuelvas a tener conexión." />;
    return <CardSkeletons label="Cargando eventos para ti" />;
  }
  if (query.isError && !query.data) return <FormAlert message={errorMessage(query.error)} />;
  const items = query.data?.items ?? [];
  if (items.length === 0) return <EmptyState title="Aún no hay eventos para ti." hint="Sigue lugares, comunidades y organizadores para recibir sugerencias." />;
  return (
    <ul className={styles.list} aria-label="Eventos para ti">
      {items.map((e) => (
        <li key={e._id}>
          <EventCard event={e} reasons={e.reasons} />
        </li>
      ))}
    </ul>
  );
}
