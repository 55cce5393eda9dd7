/* eslint-disable @next/next/no-img-element -- exported app: images come from the API, unoptimised */
import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import type { User } from "@/lib/schemas/users";
import type { PublicUser } from "@/lib/schemas/public-users";
import { externalHref } from "@/lib/safe-links";
import { Avatar } from "./avatar";
import { VerifiedBadge } from "./verified-badge";
import { ACCOUNT_LABELS, plural } from "./labels";
import styles from "./profile-header.module.css";

/**
 * A profile's head: cover, picture, name with the verified badge, role, impact, followers and
 * following, bio and links. `actions` (follow, edit…) sit beside the name.
 */
export function ProfileHeader({
  user,
  followingHref,
  actions,
  headingLevel = 2,
}: {
  user: User | PublicUser;
  /** Where the "following" count links to (own profile only). */
  followingHref?: string;
  actions?: ReactNode;
  headingLevel?: 1 | 2;
}) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const coverSrcSet = user.coverImageSizes
    ? Object.entries(user.coverImageSizes)
        .filter(([label]) => /^\d+$/.test(label))
        .map(([label, url]) => `${url} ${label}w`)
        .join(", ")
    : undefined;
  const following = plural(user.followingCount, "seguido", "seguidos");
  return (
    <section className={`${styles.header} card`} aria-labelledby="profile-name">
      <div className={styles.cover}>
        {user.coverImage ? (
          <img src={user.coverImage} srcSet={coverSrcSet || undefined} sizes="(min-width: 900px) 60rem, 100vw" alt={`Portada de ${user.name}`} />
        ) : null}
      </div>
      <div className={styles.body}>
        <div className={styles.avatar}>
          <Avatar name={user.name} src={user.profileImage} sizes={user.profileImageSizes} size={96} />
        </div>
        <div className={styles.title}>
          <Heading id="profile-name" className={styles.name}>
            {user.name} <VerifiedBadge verified={user.verified} />
          </Heading>
          <p className={styles.meta}>
            {ACCOUNT_LABELS[user.accountType]}
            {user.email ? <> · {user.email}</> : null}
          </p>
        </div>
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </div>
      <ul className={styles.stats} aria-label="Estadísticas del perfil">
        <li data-testid="followers-count">{plural(user.followersCount, "seguidor", "seguidores")}</li>
        <li data-testid="following-count">{followingHref ? <Link href={followingHref}>{following}</Link> : following}</li>
        <li data-testid="impact">Impacto {user.impact}</li>
      </ul>
      {user.bio ? <p className={styles.bio}>{user.bio}</p> : null}
      {user.links.length > 0 ? (
        <ul className={styles.links} aria-label="Enlaces">
          {user.links.map((link) => {
            const href = externalHref(link.url);
            return (
              <li key={`${link.label}-${link.url}`}>
                {href ? (
                  <a href={href} target="_blank" rel="noopener noreferrer nofollow">
                    {link.label}
                  </a>
                ) : (
                  link.label
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
