"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { eventIcsUrl, eventQueries } from "@/lib/api/events";
import { ApiError, errorMessage } from "@/lib/api/errors";
import type { Event } from "@/lib/schemas/events";
import { EVENT_STATUS_TEXT as EVENT_STATUS_LABELS } from "@/lib/format/labels";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/routes";
import { externalHref } from "@/lib/safe-links";
import { isAdminAtom } from "@/lib/state/auth";
import { formatEventWhen } from "@/lib/format/dates";
import { formatPrice } from "@/lib/format/price";
import { googleCalendarUrl } from "@/lib/format/calendar";
import { Cover, VerifiedBadge } from "@/components/content/cover";
import { FollowButton } from "@/components/content/follow-button";
import { ShareButton } from "@/components/content/share-button";
import { NotFoundState } from "@/components/content/not-found-state";
import { Skeleton } from "@/components/ui/skeleton";
import { FormAlert } from "@/components/ui/form-alert";
import { LocationMap } from "@/components/map/location-map";
import styles from "@/components/content/content.module.css";
import { eventJsonLd } from "./event-json-ld";

const RULE_LABELS = { weekly: "semanal", monthly: "mensual", dates: "de varias fechas" } as const;

export function EventDetail() {
  const id = useRouteId("/events/[eventId]");
  const isAdmin = useAtomValue(isAdminAtom);
  const query = useQuery({ ...eventQueries.detailQuery(id ?? ""), enabled: id !== null });
  const event = query.data;

  return (
    <>
      {/* The id from the URL, for tests and assistive tech that want to know the route. */}
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      {id === null || (query.isPending && query.fetchStatus !== "paused") ? (
        <>
          <div className={styles.coverPlaceholder} aria-hidden="true" />
          <Skeleton lines={4} label="Cargando evento" />
        </>
      ) : query.isPending ? (
        <NotFoundState title="Sin conexión" hint="Este evento se mostrará cuando vuelvas a tener conexión." />
      ) : !event ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFoundState title="Este evento no existe o ya no está disponible." />
        ) : (
          <FormAlert message={errorMessage(query.error)} />
        )
      ) : (
        <EventView event={event} isAdmin={isAdmin} />
      )}
    </>
  );
}

function EventView({ event, isAdmin }: { event: Event; isAdmin: boolean }) {
  const pageUrl = typeof window === "undefined" ? "" : window.location.href;
  const onlineHref = externalHref(event.onlineUrl);
  const where = event.place ? `${event.place.name}, ${event.place.addressLine}` : (event.address ?? event.onlineUrl ?? "");
  const calendarUrl = googleCalendarUrl({
    title: event.title,
    description: event.description,
    startsAt: event.startsAt,
    endsAt: event.endsAt,
    allDay: event.allDay,
    location: where,
    url: pageUrl,
  });
  return (
    <article aria-labelledby="event-title">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(eventJsonLd(event, pageUrl)).replace(/</g, "\\u003c") }} />
      {event.status !== "published" ? (
        <p className={styles.statusBanner} role="status">
          Evento {EVENT_STATUS_LABELS[event.status].toLocaleLowerCase("es-MX")}
          {event.statusNote ? `: ${event.statusNote}` : "."}
        </p>
      ) : null}
      {event.hidden ? (
        <p className={styles.statusBanner} role="status">
          Oculto por moderación{event.hiddenReason ? `: ${event.hiddenReason}` : "."} Solo tú y el equipo de moderación lo ven.
        </p>
      ) : null}
      <Cover src={event.coverImage} title={event.title} />
      <header>
        <h1 id="event-title" className="page-header__title">
          {event.title}
        </h1>
        {event.tags.length > 0 ? (
          <ul className={styles.chips} aria-label="Etiquetas">
            {event.tags.map((t) => (
              <li key={t._id} className={styles.chip}>
                {t.name}
              </li>
            ))}
          </ul>
        ) : null}
      </header>

      <dl className={styles.facts}>
        <dt>Cuándo</dt>
        <dd>
          <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>
          {event.series ? (
            <span className={styles.small}>
              {" "}
              · Fecha {event.series.position} de {event.series.occurrencesCount} de una serie {RULE_LABELS[event.series.rule]}
            </span>
          ) : null}
        </dd>
        <dt>Dónde</dt>
        <dd>
          {event.place ? (
            <>
              <Link href={pathFor("/places/[placeId]", event.place._id)}>{event.place.name}</Link>
              <br />
              <span className={styles.small}>{event.place.addressLine}</span>
            </>
          ) : event.address ? (
            event.address
          ) : null}
          {event.onlineUrl ? (
            <>
              {event.place || event.address ? <br /> : null}
              {onlineHref ? (
                <a href={onlineHref} target="_blank" rel="noopener noreferrer">
                  Enlace para conectarse
                </a>
              ) : (
                "En línea"
              )}
            </>
          ) : null}
          {!event.place && !event.address && !event.onlineUrl ? "Por confirmar" : null}
        </dd>
        <dt>Precio</dt>
        <dd>
          {formatPrice({ type: event.priceType, amount: event.priceAmount })}
          {event.priceNote ? <span className={styles.small}> · {event.priceNote}</span> : null}
        </dd>
        {event.capacity ? (
          <>
            <dt>Cupo</dt>
            <dd>{event.capacity} personas</dd>
          </>
        ) : null}
        <dt>Accesibilidad</dt>
        <dd>{event.accessibility ?? "Sin información de accesibilidad."}</dd>
        {event.organizer ? (
          <>
            <dt>Organiza</dt>
            <dd>
              <Link href={pathFor("/profile/[profileId]", event.organizer._id)}>{event.organizer.name}</Link>{" "}
              {event.organizer.verified ? <VerifiedBadge /> : null}
            </dd>
          </>
        ) : null}
        {event.community ? (
          <>
            <dt>Comunidad</dt>
            <dd>
              <Link href={pathFor("/communities/[communityId]", event.community._id)}>{event.community.name}</Link>
            </dd>
          </>
        ) : null}
      </dl>

      <FollowButton kind="events" id={event._id} following={event.following} followersCount={event.followersCount} name={event.title} />

      <div className="actions" style={{ marginTop: "1rem" }}>
        <ShareButton title={event.title} text={formatEventWhen(event)} />
        <a className="button button--ghost" href={eventIcsUrl(event._id)} download={`evento-${event._id}.ics`}>
          Descargar .ics
        </a>
        <a className="button button--ghost" href={calendarUrl} target="_blank" rel="noopener noreferrer">
          Agregar a Google Calendar
        </a>
        {event.canEdit ? (
          <Link className="button button--secondary" href={pathFor("/events/[eventId]/edit", event._id)}>
            Editar evento
          </Link>
        ) : null}
        {isAdmin ? (
          <Link className="button button--ghost" href="/panel/events/">
            Moderar
          </Link>
        ) : null}
      </div>

      {event.description ? (
        <section className={styles.section} aria-labelledby="event-about">
          <h2 id="event-about">Acerca del evento</h2>
          <p className={styles.text}>{event.description}</p>
        </section>
      ) : null}

      {event.place || event.address ? (
        <section className={styles.section} aria-labelledby="event-map">
          <h2 id="event-map">Cómo llegar</h2>
          <LocationMap
            name={event.place?.name ?? event.title}
            address={event.place ? `${event.place.name}, ${event.place.addressLine}` : (event.address ?? "")}
            lat={event.lat}
            lng={event.lng}
          />
        </section>
      ) : null}
    </article>
  );
}
