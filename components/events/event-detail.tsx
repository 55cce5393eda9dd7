"use client";

import Link from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { eventIcsUrl, eventQueries, listedEvent } from "@/lib/api/events";
import type { Event } from "@/lib/schemas/events";
import { EVENT_STATUS_TEXT as EVENT_STATUS_LABELS } from "@/lib/format/labels";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/paths";
import { externalHref } from "@/lib/safe-links";
import { isAdminAtom } from "@/lib/state/auth";
import { formatEventWhen } from "@/lib/format/long-dates";
import { formatPeople } from "@/lib/format/count";
import { formatPrice } from "@/lib/format/price";
import { googleCalendarUrl } from "@/lib/format/calendar";
import { LOCALE } from "@/lib/schemas/constants";
import { VerifiedBadge } from "@/components/content/cover";
import { ItemLink } from "@/components/content/item-link";
import { JsonLd } from "@/components/ui/json-ld";
import { DetailActions, DetailHeader, DetailPage, HiddenBanner, useListedHeader } from "@/components/content/detail-page";
import { AccessibilityInfo } from "@/components/accessibility/accessibility-info";
import { LocationMap } from "@/components/map/location-map";
import cardStyles from "@/components/content/card.module.css";
import detailStyles from "@/components/content/detail.module.css";
import textStyles from "@/components/ui/text.module.css";
import { eventJsonLd } from "./event-json-ld";
import { TagLink } from "./tag-link";

const RULE_LABELS = { weekly: "semanal", monthly: "mensual", dates: "de varias fechas" } as const;

export function EventDetail() {
  const id = useRouteId("/events/[eventId]");
  const isAdmin = useAtomValue(isAdminAtom);
  const query = useQuery({ ...eventQueries.detailQuery(id ?? ""), enabled: id !== null });
  // Banners go above the cover: a cancelled, postponed or hidden event gets only placeholders.
  const listed = useListedHeader(id, listedEvent, (event) => (event.status === "published" && !event.hidden ? { title: event.title, cover: event.coverImage } : undefined));
  return (
    <DetailPage id={id} query={query} kind="events" listed={listed}>
      {(event) => <EventView event={event} isAdmin={isAdmin} />}
    </DetailPage>
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
      <JsonLd data={eventJsonLd(event, pageUrl)} />
      {event.status !== "published" ? (
        <p className={detailStyles.statusBanner} role="status">
          Evento {EVENT_STATUS_LABELS[event.status].toLocaleLowerCase(LOCALE)}
          {event.statusNote ? `: ${event.statusNote}` : "."}
        </p>
      ) : null}
      <HiddenBanner item={event} hiddenWord="Oculto" note="Solo tú y el equipo de moderación lo ven." />
      <DetailHeader titleId="event-title" title={event.title} cover={event.coverImage}>
        {event.tags.length > 0 ? (
          <ul className={cardStyles.chips} aria-label="Etiquetas">
            {event.tags.map((t) => (
              <li key={t._id}>
                <TagLink tag={t} />
              </li>
            ))}
          </ul>
        ) : null}
      </DetailHeader>

      <dl className={detailStyles.facts}>
        <dt>Cuándo</dt>
        <dd>
          <time dateTime={event.startsAt}>{formatEventWhen(event)}</time>
          {event.series ? (
            <span className={textStyles.small}>
              {" "}
              · Fecha {event.series.position} de {event.series.occurrencesCount} de una serie {RULE_LABELS[event.series.rule]}
            </span>
          ) : null}
        </dd>
        <dt>Dónde</dt>
        <dd>
          {event.place ? (
            <>
              <ItemLink kind="places" id={event.place._id} cover={event.place.coverImage}>{event.place.name}</ItemLink>
              <br />
              <span className={textStyles.small}>{event.place.addressLine}</span>
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
          {event.priceNote ? <span className={textStyles.small}> · {event.priceNote}</span> : null}
        </dd>
        {event.capacity ? (
          <>
            <dt>Cupo</dt>
            <dd>{formatPeople(event.capacity)}</dd>
          </>
        ) : null}
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
              <ItemLink kind="communities" id={event.community._id} cover={event.community.image}>{event.community.name}</ItemLink>
            </dd>
          </>
        ) : null}
      </dl>

      <DetailActions
        follow={{ kind: "events", id: event._id, following: event.following, followersCount: event.followersCount, name: event.title }}
        share={{ title: event.title, text: formatEventWhen(event) }}
        edit={event.canEdit ? { href: pathFor("/events/[eventId]/edit", event._id), label: "Editar evento" } : null}
        remove={event.canEdit ? { kind: "events", id: event._id, title: event.title, followersCount: event.followersCount, authorId: event.organizer?._id ?? null } : null}
        report={event.canEdit ? null : { targetKind: "event", targetId: event._id, label: event.title, authorId: event.organizer?._id ?? null }}
        after={
          isAdmin ? (
            <Link className="button button--ghost" href="/panel/events/">
              Moderar
            </Link>
          ) : null
        }
      >
        <a className="button button--ghost" href={eventIcsUrl(event._id)} download={`evento-${event._id}.ics`}>
          Descargar .ics
        </a>
        <a className="button button--ghost" href={calendarUrl} target="_blank" rel="noopener noreferrer">
          Agregar a Google Calendar
        </a>
      </DetailActions>

      {event.description ? (
        <section className={detailStyles.section} aria-labelledby="event-about">
          <h2 id="event-about">Acerca del evento</h2>
          <p className={detailStyles.text}>{event.description}</p>
        </section>
      ) : null}

      <AccessibilityInfo item={event} headingId="event-accessibility" />

      {event.place || event.address ? (
        <section className={detailStyles.section} aria-labelledby="event-map">
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
