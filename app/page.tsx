import { HomeHero, HomeSection } from "@/components/home/home-view";
import { EventList } from "@/components/events/event-lists";
import { HOME_EVENT_LISTS } from "@/components/home/home-lists";
import { FeaturedCommunities, FeaturedPlaces, ForYou, LatestNews, UpcomingEvents, WeekendEvents } from "@/components/home/below-the-fold";
import { FeedLinks } from "@/components/feeds/feed-links";

export default function Page() {
  return (
    <>
      <FeedLinks scope="events" title="Próximos eventos" />
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
