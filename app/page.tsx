import { HomeHero, HomeSection } from "@/components/home/home-view";
import { EventList } from "@/components/events/event-lists";
import { ForYouEvents } from "@/components/events/for-you";
import { NewsList } from "@/components/news/news-lists";
import { CommunityList } from "@/components/communities/community-lists";
import { PlaceList } from "@/components/places/place-lists";
import { FeedLinks } from "@/components/feeds/subscribe-feed";

export default function Page() {
  return (
    <>
      <FeedLinks scope="events" title="Próximos eventos" />
      <HomeHero />
      <HomeSection id="today" title="Hoy">
        <EventList filters={{ when: "today" }} limit={6} more label="Eventos de hoy" empty="Hoy no hay eventos publicados." />
      </HomeSection>
      <HomeSection id="weekend" title="Este fin de semana">
        <EventList filters={{ when: "weekend" }} limit={6} more label="Eventos del fin de semana" empty="Aún no hay eventos este fin de semana." />
      </HomeSection>
      <HomeSection id="for-you" title="Eventos para ti">
        <ForYouEvents />
      </HomeSection>
      <HomeSection id="news" title="Últimas noticias" more={{ href: "/news/", label: "Ver todas" }}>
        <NewsList limit={4} label="Últimas noticias" empty="Aún no hay noticias." />
      </HomeSection>
      <HomeSection id="communities" title="Comunidades destacadas" more={{ href: "/communities/following/", label: "Ver comunidades" }}>
        <CommunityList filters={{ featured: true }} limit={4} label="Comunidades destacadas" empty="Aún no hay comunidades destacadas." />
      </HomeSection>
      <HomeSection id="places" title="Lugares destacados" more={{ href: "/places/following/", label: "Ver lugares" }}>
        <PlaceList featured limit={4} label="Lugares destacados" empty="Aún no hay lugares destacados." />
      </HomeSection>
      <HomeSection id="upcoming" title="Próximos eventos">
        <EventList filters={{ when: "upcoming" }} label="Próximos eventos" empty="No hay eventos próximos." />
      </HomeSection>
    </>
  );
}
