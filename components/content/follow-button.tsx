"use client";

import Link from "next/link";
import { useMutation, useMutationState } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { isSignedInAtom } from "@/lib/state/auth";
import { followMutationKey, newIdempotencyKey, type FollowKind, type FollowVariables } from "@/lib/api/content";
import { followUserMutationKey, type UserFollowVariables } from "@/lib/api/users";
import { isFollowing } from "@/lib/api/user-flags";
import type { FollowResult } from "@/lib/schemas/content";
import type { UserFollowResult } from "@/lib/schemas/users";
import { errorMessage } from "@/lib/api/errors";
import { useMe } from "@/lib/hooks/use-me";
import { notify } from "@/lib/toast/notify";
import { formatFollowers } from "@/lib/format/count";
import { PushFollowPrompt } from "@/components/push/push-follow-prompt";
import styles from "./follow-button.module.css";

const OFFLINE_NOTICE = "Sin conexión: se enviará cuando vuelvas a estar en línea.";

/** What can be followed: a content item (its page carries the state and the count) or a person. */
export type FollowTarget =
  | { kind: FollowKind; id: string; following: boolean; followersCount: number; name: string }
  | { kind: "users"; id: string; name: string };

/**
 * The one follow button: content items and people. The change shows at once (the mutation's
 * defaults edit the cache) and is undone, with a toast, if the server refuses; offline it waits
 * (surviving a reload) and goes out once the connection is back.
 */
export function FollowButton(target: FollowTarget) {
  return target.kind === "users" ? <PersonFollow id={target.id} name={target.name} /> : <ContentFollow {...target} />;
}

function ContentFollow({ kind, id, following, followersCount, name }: Extract<FollowTarget, { kind: FollowKind }>) {
  const signedIn = useAtomValue(isSignedInAtom);
  const mutation = useMutation<FollowResult, Error, FollowVariables>({ mutationKey: followMutationKey(kind) });
  const count = (
    <span className={styles.count} aria-live="polite" data-testid="followers-count">
      {formatFollowers(followersCount)}
    </span>
  );

  if (!signedIn) {
    return (
      <div className={styles.followRow}>
        <SignInToFollow />
        {count}
      </div>
    );
  }
  const toggle = () => {
    mutation.mutate({ id, follow: !following, key: newIdempotencyKey() }, { onError: tellWhy });
    if (typeof navigator !== "undefined" && !navigator.onLine) notify("primary", OFFLINE_NOTICE);
  };
  return (
    <div className={styles.followRow}>
      <FollowToggle following={following} subject={name} onToggle={toggle} />
      {count}
    </div>
  );
}

function PersonFollow({ id, name }: { id: string; name: string }) {
  const me = useMe();
  const mutation = useMutation<UserFollowResult, Error, UserFollowVariables>({ mutationKey: followUserMutationKey });
  // Any follow of this person still waiting for the network (this visit's or a restored one).
  const waiting = useMutationState({
    filters: { mutationKey: followUserMutationKey, predicate: (m) => m.state.isPaused && (m.state.variables as UserFollowVariables | undefined)?.userId === id },
    select: (m) => m.state.submittedAt,
  });

  if (!me) return <SignInToFollow />;
  if (me._id === id) return null;
  const following = isFollowing(me, id);
  return (
    <div className={styles.followRow}>
      <FollowToggle following={following} subject={`a ${name}`} onToggle={() => mutation.mutate({ userId: id, follow: !following }, { onError: tellWhy })} />
      {waiting.length > 0 ? (
        <p className="field__hint" role="status">
          {OFFLINE_NOTICE}
        </p>
      ) : null}
    </div>
  );
}

// Given to mutate(), not to useMutation(): an onError there would replace the defaults' one,
// which is the rollback of the optimistic edit.
const tellWhy = (error: Error) => notify("danger", errorMessage(error));

function SignInToFollow() {
  return (
    <Link className="button button--secondary" href="/login/">
      Inicia sesión para seguir
    </Link>
  );
}

/** The toggle itself: its pressed state is the follow state, its name says what a tap does. */
function FollowToggle({ following, subject, onToggle }: { following: boolean; subject: string; onToggle: () => void }) {
  return (
    <>
      <button
        type="button"
        className={`button ${following ? "button--secondary" : "button--primary"}`}
        aria-pressed={following}
        aria-label={`${following ? "Dejar de seguir" : "Seguir"} ${subject}`}
        onClick={onToggle}
      >
        {following ? "Siguiendo" : "Seguir"}
      </button>
      <PushFollowPrompt following={following} />
    </>
  );
}
