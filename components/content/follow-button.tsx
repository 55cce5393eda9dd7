"use client";

import Link from "@/components/ui/link";
import { useMutation, useMutationState, type MutationKey } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { isSignedInAtom } from "@/lib/state/auth";
import { followMutationKey, newIdempotencyKey, type FollowKind, type FollowVariables } from "@/lib/api/content";
import { followUserMutationKey, type UserFollowVariables } from "@/lib/api/users";
import { followTagMutationKey, type TagFollowVariables } from "@/lib/api/tags";
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

/**
 * What can be followed: a content item (its page carries the state and the count), a person or a
 * tag (the state of these two is in my-data).
 */
export type FollowTarget =
  | { kind: FollowKind; id: string; following: boolean; followersCount: number; name: string }
  | { kind: "users"; id: string; name: string }
  | { kind: "tags"; id: string; followersCount: number; name: string };

/**
 * The one follow button: content items and people. The change shows at once (the mutation's
 * defaults edit the cache) and is undone, with a toast, if the server refuses; offline it waits
 * (surviving a reload) and goes out once the connection is back.
 */
export function FollowButton(target: FollowTarget) {
  if (target.kind === "users") return <PersonFollow id={target.id} name={target.name} />;
  if (target.kind === "tags") return <TagFollow id={target.id} name={target.name} followersCount={target.followersCount} />;
  return <ContentFollow {...target} />;
}

function FollowersCount({ count }: { count: number }) {
  return (
    <span className={styles.count} aria-live="polite" data-testid="followers-count">
      {formatFollowers(count)}
    </span>
  );
}

function ContentFollow({ kind, id, following, followersCount, name }: Extract<FollowTarget, { kind: FollowKind }>) {
  const signedIn = useAtomValue(isSignedInAtom);
  const mutation = useMutation<FollowResult, Error, FollowVariables>({ mutationKey: followMutationKey(kind) });
  const count = <FollowersCount count={followersCount} />;

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
  const waiting = useWaiting<UserFollowVariables>(followUserMutationKey, (v) => v.userId === id);

  if (!me) return <SignInToFollow />;
  if (me._id === id) return null;
  const following = isFollowing(me, id);
  return (
    <div className={styles.followRow}>
      <FollowToggle following={following} subject={`a ${name}`} onToggle={() => mutation.mutate({ userId: id, follow: !following }, { onError: tellWhy })} />
      <OfflineWaiting waiting={waiting} />
    </div>
  );
}

function TagFollow({ id, name, followersCount }: { id: string; name: string; followersCount: number }) {
  const me = useMe();
  const mutation = useMutation<FollowResult, Error, TagFollowVariables>({ mutationKey: followTagMutationKey });
  const waiting = useWaiting<TagFollowVariables>(followTagMutationKey, (v) => v.tagId === id);
  const count = <FollowersCount count={followersCount} />;

  if (!me) {
    return (
      <div className={styles.followRow}>
        <SignInToFollow />
        {count}
      </div>
    );
  }
  const following = me.following.tags.includes(id);
  return (
    <div className={styles.followRow}>
      <FollowToggle
        following={following}
        subject={`la etiqueta ${name}`}
        onToggle={() => mutation.mutate({ tagId: id, follow: !following }, { onError: tellWhy })}
      />
      {count}
      <OfflineWaiting waiting={waiting} />
    </div>
  );
}

/** Whether a follow of this target is waiting for the network (this visit's or one restored after a reload). */
function useWaiting<V>(mutationKey: MutationKey, matches: (variables: V) => boolean): boolean {
  const waiting = useMutationState({
    filters: { mutationKey, predicate: (m) => m.state.isPaused && m.state.variables !== undefined && matches(m.state.variables as V) },
    select: (m) => m.state.submittedAt,
  });
  return waiting.length > 0;
}

function OfflineWaiting({ waiting }: { waiting: boolean }) {
  return waiting ? (
    <p className="field__hint" role="status">
      {OFFLINE_NOTICE}
    </p>
  ) : null;
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
