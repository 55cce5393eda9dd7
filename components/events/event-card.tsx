"use client";

import type { EventListItem } from "@/lib/schemas/events";
import { EVENT_STATUS_TEXT as EVENT_STATUS_LABELS } from "@/lib/format/labels";
import { ItemLink } from "@/components/content/item-link";
import { formatEventWhenShort } from "@/lib/format/dates";
import { formatPrice } from "@/lib/format/price";
import { useMe } from "@/lib/hooks/use-me";
import { meetsNeeds } from "@/components/accessibility/needs";
import { Thumb } from "@/components/content/cover";
import { CardHeading } from "@/components/content/card-heading";
import styles from "@/components/content/card.module.css";
import { TagLink } from "./tag-link";

const REASON_LABELS: Record<string, string> = {
  place: "Sigues este lugar",
  community: "Sigues esta comunidad",
  organizer: "Sigues a quien lo organiza",
  tag: "Te interesa el tema",
  nearby: "Cerca de tu dirección",
  following: "Lo sigues",
  popular: "Popular en la ciudad",
};

export function eventWhere(event: Pick<EventListItem, "place" | "address" | "onlineUrl">): string {
  if (event.place) return event.place.name;
  if (event.address) return event.address;
  if (event.onlineUrl) return "En línea";
  return "Lugar por confirmar";
}

/** An event in a list: date, title, where, price, why it is suggested, and whether it meets the viewer's accessibility needs. */
export function EventCard({ event, reasons, headingLevel }: { event: EventListItem; reasons?: string[]; headingLevel?: 2 | 3 }) {
  const reason = reasons?.map((r) => REASON_LABELS[r]).find(Boolean);
  const forYou = meetsNeeds(useMe()?.accessibilityNeeds, event.accessibilityFeatures);
  return (
    <article className={styles.card}>
      <Thumb src={event.coverImage} title={event.title} />
      <div>
        <p className={styles.cardKicker}>{formatEventWhenShort(event)}</p>
        <CardHeading level={headingLevel}>
          <ItemLink className={styles.cardLink} kind="events" id={event._id} cover={event.coverImage}>
            {event.title}
          </ItemLink>
        </CardHeading>
        <p className={styles.cardMeta}>
          {eventWhere(event)} · {formatPrice({ type: event.priceType, amount: event.priceAmount })}
        </p>
        <ul className={styles.chips} aria-label="Detalles">
          {event.status !== "published" ? <li className={styles.chipWarn}>{EVENT_STATUS_LABELS[event.status]}</li> : null}
          {event.hidden ? <li className={styles.chipWarn}>Oculto</li> : null}
          {event.featured ? <li className={styles.chip}>Destacado</li> : null}
          {forYou ? <li className={styles.chipAccessible}>Accesible para ti</li> : null}
          {reason ? <li className={styles.chip}>{reason}</li> : null}
          {event.tags.slice(0, 2).map((t) => (
            <li key={t._id}>
              <TagLink tag={t} />
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
