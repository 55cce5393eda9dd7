"use client";

import Link from "next/link";
import { useMutation } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { isSignedInAtom } from "@/lib/state/auth";
import { followMutationKey, newIdempotencyKey, type FollowKind, type FollowVariables } from "@/lib/api/content";
import type { FollowResult } from "@/lib/schemas/content";
import { errorMessage } from "@/lib/api/errors";
import { notify } from "@/lib/toast/notify";
import { formatFollowers } from "@/lib/format/count";
import styles from "./content.module.css";

/**
 * Follow/unfollow with the followers count. The change shows at once; offline it waits (and
 * survives a reload) and goes out once the connection is back, through the mutation's defaults.
 */
export function FollowButton({
  kind,
  id,
  following,
  followersCount,
  name,
}: {
  kind: FollowKind;
  id: string;
  following: boolean;
  followersCount: number;
  /** What is followed, for the accessible label ("Seguir Teatro Fernando Soler"). */
  name: string;
}) {
  const signedIn = useAtomValue(isSignedInAtom);
  const mutation = useMutation<FollowResult, Error, FollowVariables>({
    mutationKey: followMutationKey(kind),
    onError: (error) => notify("danger", errorMessage(error)),
  });

  if (!signedIn) {
    return (
      <div className={styles.followRow}>
        <Link className="button button--secondary" href="/login/">
          Inicia sesión para seguir
        </Link>
        <span className={styles.count}>{formatFollowers(followersCount)}</span>
      </div>
    );
  }

  const toggle = () => {
    mutation.mutate({ id, follow: !following, key: newIdempotencyKey() });
    if (typeof navigator !== "undefined" && !navigator.onLine) notify("primary", "Sin conexión: se enviará cuando vuelvas a estar en línea.");
  };

  return (
    <div className={styles.followRow}>
      <button
        type="button"
        className={`button ${following ? "button--secondary" : "button--primary"}`}
        aria-pressed={following}
        aria-label={`${following ? "Dejar de seguir" : "Seguir"} ${name}`}
        onClick={toggle}
      >
        {following ? "Siguiendo" : "Seguir"}
      </button>
      <span className={styles.count} aria-live="polite" data-testid="followers-count">
        {formatFollowers(followersCount)}
      </span>
    </div>
  );
}
