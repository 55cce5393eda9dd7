"use client";

import Link from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { errorMessage } from "@/lib/api/errors";
import { userQueries } from "@/lib/api/users";
import { pathFor } from "@/lib/paths";
import { useMe } from "@/lib/hooks/use-me";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { Avatar } from "./avatar";
import { FollowButton } from "@/components/content/follow-button";
import { VerifiedBadge } from "./verified-badge";
import { plural } from "./labels";
import userList from "@/components/ui/user-list.module.css";

/** The people the signed-in user follows (on /profile/following). */
export function FollowingList() {
  const me = useMe();
  const query = useQuery({ ...userQueries.following(), enabled: me !== null });

  // FollowingPage shows the sign-in prompt.
  if (!me) return null;
  if (query.isPending) return <Skeleton lines={3} label="Cargando a quién sigues" />;
  if (query.isError && !query.data) return <FormAlert message={errorMessage(query.error)} />;
  const people = (query.data ?? []).filter((person) => me.following.users.includes(person._id));
  if (people.length === 0) {
    return <EmptyState title="Aún no sigues a nadie." hint="Visita un perfil y toca «Seguir» para ver aquí lo que comparte." />;
  }
  return (
    <ul className={userList.list} aria-label="Personas que sigues">
      {people.map((person) => (
        <li key={person._id} className={`card ${userList.row}`}>
          <Avatar name={person.name} src={person.profileImage} sizes={person.profileImageSizes} size={48} />
          <div className={userList.text}>
            <Link href={pathFor("/profile/[profileId]", person._id)} className={userList.name}>
              {person.name} <VerifiedBadge verified={person.verified} />
            </Link>
            <p className={userList.meta}>{plural(person.followersCount, "seguidor", "seguidores")}</p>
          </div>
          <FollowButton kind="users" id={person._id} name={person.name} />
        </li>
      ))}
    </ul>
  );
}
