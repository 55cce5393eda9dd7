"use client";

import { useQuery } from "@tanstack/react-query";
import { tagQueries } from "@/lib/api/tags";
import { useMe } from "@/lib/hooks/use-me";
import { TagLink } from "@/components/events/tag-link";
import { FollowButton } from "@/components/content/follow-button";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import userList from "@/components/ui/user-list.module.css";

/** The tags the signed-in user follows (in my-data), each a link to its events and its follow button. */
export function FollowedTags() {
  const me = useMe();
  const tags = useQuery({ ...tagQueries.list(), enabled: me !== null });
  if (!me) return null;
  if (me.following.tags.length === 0) {
    return <EmptyState title="Aún no sigues ninguna etiqueta." hint="Toca una etiqueta de un evento y luego «Seguir»: sus eventos llegarán a «Eventos para ti»." />;
  }
  if (tags.isPending) return <Skeleton lines={2} label="Cargando las etiquetas que sigues" />;
  // A tag followed from another device that was deleted since is simply not listed.
  const followed = (tags.data ?? []).filter((tag) => me.following.tags.includes(tag._id));
  return (
    <ul className={userList.list} aria-label="Etiquetas que sigues">
      {followed.map((tag) => (
        <li key={tag._id} className={`card ${userList.row}`}>
          <div className={userList.text}>
            <TagLink tag={tag} />
          </div>
          <FollowButton kind="tags" id={tag._id} name={tag.name} followersCount={tag.followersCount} />
        </li>
      ))}
    </ul>
  );
}
