import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import type { UserSummary } from "@/lib/schemas/public-users";
import { formatFollowers } from "@/lib/format/count";
import { pathFor } from "@/lib/paths";
import { CITY_TIME_ZONE, LOCALE } from "@/lib/schemas/constants";
import { Avatar } from "@/components/profile/avatar";
import { VerifiedBadge } from "@/components/profile/verified-badge";
import { ACCOUNT_LABELS, verificationTypeLabel } from "@/components/profile/labels";
import styles from "./users.module.css";

const dateFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone: CITY_TIME_ZONE });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** One account in the panel's lists, with what a moderator needs to decide. */
export function AdminUserRow({ user, children }: { user: UserSummary; children?: ReactNode }) {
  const { requestingVerification: request, ban } = user;
  return (
    <li className={`card ${styles.user}`} data-testid={`admin-user-${user._id}`} aria-label={user.name}>
      <div className={styles.head}>
        <Avatar name={user.name} src={user.profileImage} sizes={user.profileImageSizes} size={40} />
        <Link href={pathFor("/profile/[profileId]", user._id)} className={styles.name}>
          {user.name} <VerifiedBadge verified={user.verified} />
        </Link>
        <span className={styles.tag}>{ACCOUNT_LABELS[user.accountType]}</span>
        {user.verified ? <span className={styles.tag}>Verificada</span> : null}
        {request.sent ? <span className={styles.tag}>Solicita verificación: {verificationTypeLabel(request.type)}</span> : null}
        {ban ? <span className={`${styles.tag} ${styles.tagDanger}`}>Suspendida hasta el {formatDate(ban.endDate)}</span> : null}
      </div>
      <p className={styles.meta}>
        {user.email ?? "Correo oculto"} · Impacto {user.impact} · {formatFollowers(user.followersCount)} · Alta: {formatDate(user.createdAt)}
        {ban ? <> · Motivo de la suspensión: {ban.reason}</> : null}
        {request.sent && request.requestedAt ? <> · Solicitud del {formatDate(request.requestedAt)}</> : null}
      </p>
      {children}
    </li>
  );
}
