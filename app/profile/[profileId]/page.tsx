import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { UserProfile } from "@/components/profile/user-profile";
import { EventsForRoute } from "@/components/events/events-for-route";
import { NewsForRoute } from "@/components/news/news-lists";
import { MemberCommunities } from "@/components/communities/community-lists";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ profileId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Perfil" };

export default function Page() {
  return (
    <UserProfile>
      <EventsForRoute route="/profile/[profileId]" filter="organizerId" title="Próximos eventos" empty="No tiene eventos próximos." />
      <EventsForRoute route="/profile/[profileId]" filter="organizerId" when="past" title="Eventos pasados" empty="Aún no tiene eventos pasados." />
      <NewsForRoute route="/profile/[profileId]" filter="authorId" title="Noticias" empty="Aún no publica noticias." />
      <MemberCommunities />
    </UserProfile>
  );
}
