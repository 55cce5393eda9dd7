import type { CommunityListItem } from "@/lib/schemas/communities";
import { COMMUNITY_ROLE_TEXT as COMMUNITY_ROLE_LABELS } from "@/lib/format/labels";
import { ItemLink } from "@/components/content/item-link";
import { formatFollowers, formatMembers, formatUpcomingEvents } from "@/lib/format/count";
import { Thumb } from "@/components/content/cover";
import { CardHeading } from "@/components/content/card-heading";
import styles from "@/components/content/card.module.css";

export function CommunityCard({ community }: { community: CommunityListItem }) {
  return (
    <article className={styles.card}>
      <Thumb src={community.image} title={community.name} />
      <div>
        <p className={styles.cardKicker}>{formatMembers(community.membersCount)}</p>
        <CardHeading>
          <ItemLink className={styles.cardLink} kind="communities" id={community._id} cover={community.image}>
            {community.name}
          </ItemLink>
        </CardHeading>
        <p className={styles.cardMeta}>
          {formatFollowers(community.followersCount)}
          {community.upcomingEventsCount > 0 ? ` · ${formatUpcomingEvents(community.upcomingEventsCount)}` : ""}
        </p>
        {community.myRole || community.hidden ? (
          <ul className={styles.chips}>
            {community.myRole ? <li className={styles.chip}>{COMMUNITY_ROLE_LABELS[community.myRole]}</li> : null}
            {community.hidden ? <li className={styles.chipWarn}>Oculta</li> : null}
          </ul>
        ) : null}
      </div>
    </article>
  );
}
