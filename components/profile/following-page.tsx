"use client";

import { useMe } from "@/lib/hooks/use-me";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { FollowingList } from "./following-list";
import { FollowedTags } from "./followed-tags";

/** /profile/following (docs/product.md#routes): the people and the tags the signed-in user follows. */
export function FollowingPage() {
  const me = useMe();
  if (!me) {
    return (
      <EmptyState title="Inicia sesión para ver a quién sigues." hint={null}>
        <ButtonLink href="/login/">Iniciar sesión</ButtonLink>
      </EmptyState>
    );
  }
  return (
    <>
      <section aria-labelledby="following-people">
        <h2 id="following-people">Personas</h2>
        <FollowingList />
      </section>
      <section aria-labelledby="following-tags">
        <h2 id="following-tags">Etiquetas</h2>
        <FollowedTags />
      </section>
    </>
  );
}
