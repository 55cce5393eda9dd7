import { HomeHero, HomeSection } from "@/components/home/home-view";
import { EventList } from "@/components/events/event-lists";
import { HOME_EVENT_LISTS } from "@/components/home/home-lists";
import { FeaturedCommunities, FeaturedPlaces, ForYou, LatestNews, UpcomingEvents, WeekendEvents } from "@/components/home/below-the-fold";
import type { Metadata } from "next";
import { FEED_FORMATS, feedUrl } from "@/lib/api/feeds";

// The city's upcoming events as feeds, in the HTML itself: a feed reader given the site's address
// reads these <link>s without running any script.
export const metadata: Metadata = {
  alternates: { types: Object.fromEntries(FEED_FORMATS.map(({ format, type }) => [type, [{ url: feedUrl("events", format, {}, ""), title: "Próximos eventos" }]])) },
};

export default function Page() {
  return (
    <>
      <HomeHero />
      <HomeSection id="today" title="Hoy">
        <EventList {...HOME_EVENT_LISTS.today} more label="Eventos de hoy" empty="Hoy no hay eventos publicados." />
      </HomeSection>
      <HomeSection id="weekend" title="Este fin de semana">
        <WeekendEvents />
      </HomeSection>
      <HomeSection id="for-you" title="Eventos para ti">
        <ForYou />
      </HomeSection>
      <HomeSection id="news" title="Últimas noticias" more={{ href: "/news/", label: "Ver todas" }}>
        <LatestNews />
      </HomeSection>
      <HomeSection id="communities" title="Comunidades destacadas" more={{ href: "/communities/following/", label: "Ver comunidades" }}>
        <FeaturedCommunities />
      </HomeSection>
      <HomeSection id="places" title="Lugares destacados" more={{ href: "/places/following/", label: "Ver lugares" }}>
        <FeaturedPlaces />
      </HomeSection>
      <HomeSection id="upcoming" title="Próximos eventos">
        <UpcomingEvents />
      </HomeSection>
    </>
  );
}
