"use client";

import { useMutation, useMutationState } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api/errors";
import { followUserMutationKey, type FollowResult, type FollowVariables } from "@/lib/api/users";
import { isFollowing } from "@/lib/api/user-flags";
import { useMe } from "@/lib/hooks/use-me";
import { notify } from "@/lib/toast/notify";
import { Button, ButtonLink } from "@/components/ui/button";

/**
 * Follow / unfollow a user. The change shows at once (docs/product.md#user-flags) and is undone if the
 * call fails; offline it waits and is sent once the app is back online, even after a reload.
 */
export function FollowButton({ userId, name }: { userId: string; name: string }) {
  const me = useMe();
  const follow = useMutation<FollowResult, Error, FollowVariables>({ mutationKey: followUserMutationKey });
  // Any follow of this user still waiting for the network (this visit's or a restored one).
  const waiting = useMutationState({
    filters: { mutationKey: followUserMutationKey, predicate: (m) => m.state.isPaused && (m.state.variables as FollowVariables | undefined)?.userId === userId },
    select: (m) => m.state.submittedAt,
  });

  if (!me) {
    return (
      <ButtonLink href="/login/" variant="secondary">
        Inicia sesión para seguir
      </ButtonLink>
    );
  }
  if (me._id === userId) return null;

  const following = isFollowing(me, userId);
  function onClick() {
    follow.mutate(
      { userId, follow: !following },
      { onError: (error) => notify("danger", errorMessage(error)) },
    );
  }

  return (
    <div className="follow-button">
      <Button
        variant={following ? "secondary" : "primary"}
        aria-pressed={following}
        aria-label={following ? `Dejar de seguir a ${name}` : `Seguir a ${name}`}
        onClick={onClick}
      >
        {following ? "Siguiendo" : "Seguir"}
      </Button>
      {waiting.length > 0 ? (
        <p className="field__hint" role="status">
          Sin conexión: se enviará cuando vuelvas a estar en línea.
        </p>
      ) : null}
    </div>
  );
}
