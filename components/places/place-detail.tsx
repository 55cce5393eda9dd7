"use client";

import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { listedPlace, placeQueries } from "@/lib/api/places";
import type { Place } from "@/lib/schemas/places";
import { PLACE_CATEGORY_TEXT as PLACE_CATEGORY_LABELS, WEEKDAY_TEXT as WEEKDAY_LABELS } from "@/lib/format/labels";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/paths";
import { externalHref } from "@/lib/safe-links";
import { JsonLd } from "@/components/ui/json-ld";
import { DetailActions, DetailHeader, DetailPage, HiddenBanner, useListedHeader } from "@/components/content/detail-page";
import { AccessibilityInfo } from "@/components/accessibility/accessibility-info";
import { LocationMap } from "@/components/map/location-map";
import { SubscribeFeed } from "@/components/feeds/subscribe-feed";
import { EmbedAgenda } from "@/components/feeds/embed-agenda";
import { placeJsonLd } from "./place-json-ld";
import cardStyles from "@/components/content/card.module.css";
import detailStyles from "@/components/content/detail.module.css";
import textStyles from "@/components/ui/text.module.css";

const CONTACT_LABELS: Record<string, string> = {
  phone: "Teléfono",
  email: "Correo",
  website: "Sitio web",
  facebook: "Facebook",
  instagram: "Instagram",
  tiktok: "TikTok",
  whatsapp: "WhatsApp",
};

function contactHref(key: string, value: string): string | null {
  if (key === "phone") return `tel:${value.replace(/[^\d+]/g, "")}`;
  if (key === "email") return `mailto:${value}`;
  if (key === "whatsapp") return `https://wa.me/${value.replace(/[^\d]/g, "")}`;
  return externalHref(value);
}

/** A place's page; `events` is the list of its events, composed by the route. */
export function PlaceDetail({ events }: { events?: ReactNode }) {
  const id = useRouteId("/places/[placeId]");
  const query = useQuery({ ...placeQueries.detailQuery(id ?? ""), enabled: id !== null });
  // A hidden place's banner goes above the cover: it gets only placeholders. One named by an event
  // may be hidden unknown (without its cover then); they are few: for who may see one, its banner
  // then lands above the name drawn, and for anyone else the name gives way to "not found".
  const listed = useListedHeader(id, listedPlace, (place) =>
    "hidden" in place && place.hidden ? undefined : { title: place.name, cover: place.coverImage, kicker: PLACE_CATEGORY_LABELS[place.category] },
  );
  return (
    <DetailPage id={id} query={query} kind="places" after={events} listed={listed}>
      {(place) => <PlaceView place={place} />}
    </DetailPage>
  );
}

function PlaceView({ place }: { place: Place }) {
  const hours = [...place.openingHours].sort((a, b) => ((a.day + 6) % 7) - ((b.day + 6) % 7));
  const pageUrl = typeof window === "undefined" ? "" : window.location.href;
  const contacts = Object.entries(place.contact).filter(([, v]) => typeof v === "string" && v !== "") as [string, string][];
  return (
    <article aria-labelledby="place-title">
      <JsonLd data={placeJsonLd(place, pageUrl)} />
      <HiddenBanner item={place} hiddenWord="Oculto" />
      <DetailHeader titleId="place-title" title={place.name} cover={place.coverImage} kicker={PLACE_CATEGORY_LABELS[place.category]}>
        <p className={cardStyles.cardMeta}>{place.addressLine}</p>
      </DetailHeader>
      <DetailActions
        follow={{ kind: "places", id: place._id, following: place.following, followersCount: place.followersCount, name: place.name }}
        share={{ title: place.name, text: place.addressLine }}
        edit={place.canEdit ? { href: pathFor("/places/[placeId]/edit", place._id), label: "Editar lugar" } : null}
        remove={place.canEdit ? { kind: "places", id: place._id, title: place.name, followersCount: place.followersCount, authorId: place.author?._id ?? null } : null}
        report={place.canEdit ? null : { targetKind: "place", targetId: place._id, label: place.name, authorId: place.author?._id ?? null }}
      >
        <SubscribeFeed scope="events" query={{ placeId: place._id }} title={`Eventos en ${place.name}`} />
        <EmbedAgenda subject={{ placeId: place._id }} title={`Eventos en ${place.name}`} />
      </DetailActions>
      {place.description ? <p className={`${detailStyles.text} ${detailStyles.section}`}>{place.description}</p> : null}
      <dl className={detailStyles.facts}>
        <dt>Horario</dt>
        <dd>
          {hours.length === 0 ? (
            "Sin horario publicado."
          ) : (
            <ul style={{ margin: 0, paddingLeft: "1.1rem" }}>
              {hours.map((h, i) => (
                <li key={i}>
                  {WEEKDAY_LABELS[h.day]}: {h.opens} a {h.closes}
                </li>
              ))}
            </ul>
          )}
          {place.openingHoursNote ? <span className={textStyles.small}>{place.openingHoursNote}</span> : null}
        </dd>
        {contacts.length > 0 ? (
          <>
            <dt>Contacto</dt>
            <dd>
              <ul style={{ margin: 0, paddingLeft: "1.1rem" }}>
                {contacts.map(([k, v]) => {
                  const href = contactHref(k, v);
                  return (
                    <li key={k}>
                      {CONTACT_LABELS[k] ?? k}:{" "}
                      {href ? (
                        <a href={href} target={k === "phone" || k === "email" ? undefined : "_blank"} rel="noopener noreferrer">
                          {v}
                        </a>
                      ) : (
                        v
                      )}
                    </li>
                  );
                })}
              </ul>
            </dd>
          </>
        ) : null}
      </dl>
      <AccessibilityInfo item={place} headingId="place-accessibility" />
      <LocationMap name={place.name} address={place.addressLine} lat={place.lat} lng={place.lng} />
    </article>
  );
}
