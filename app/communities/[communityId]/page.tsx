import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { CommunityDetail } from "@/components/communities/community-detail";
import { EventsForRoute } from "@/components/events/events-for-route";
import { NewsForRoute } from "@/components/news/news-lists";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ communityId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Comunidad" };

export default function Page() {
  return (
    <CommunityDetail>
      <EventsForRoute route="/communities/[communityId]" filter="communityId" title="Próximos eventos" empty="Esta comunidad no tiene eventos próximos." />
      <NewsForRoute route="/communities/[communityId]" title="Noticias de la comunidad" empty="Esta comunidad aún no publica noticias." />
    </CommunityDetail>
  );
}
