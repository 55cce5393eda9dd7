import type { PlaceListItem } from "@/lib/schemas/places";
import { PLACE_CATEGORY_TEXT as PLACE_CATEGORY_LABELS } from "@/lib/format/labels";
import { ItemLink } from "@/components/content/item-link";
import { formatFollowers, formatUpcomingEvents } from "@/lib/format/count";
import { Thumb } from "@/components/content/cover";
import { CardHeading } from "@/components/content/card-heading";
import styles from "@/components/content/card.module.css";

export function PlaceCard({ place }: { place: PlaceListItem }) {
  return (
    <article className={styles.card}>
      <Thumb src={place.coverImage} title={place.name} />
      <div>
        <p className={styles.cardKicker}>{PLACE_CATEGORY_LABELS[place.category]}</p>
        <CardHeading>
          <ItemLink className={styles.cardLink} kind="places" id={place._id} cover={place.coverImage}>
            {place.name}
          </ItemLink>
        </CardHeading>
        <p className={styles.cardMeta}>{place.addressLine}</p>
        <p className={styles.cardMeta}>
          {formatFollowers(place.followersCount)}
          {place.upcomingEventsCount > 0 ? ` · ${formatUpcomingEvents(place.upcomingEventsCount)}` : ""}
        </p>
        {place.hidden || place.featured ? (
          <ul className={styles.chips}>
            {place.hidden ? <li className={styles.chipWarn}>Oculto</li> : null}
            {place.featured ? <li className={styles.chip}>Destacado</li> : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
