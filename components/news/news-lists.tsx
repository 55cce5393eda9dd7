"use client";

import { newsQueries, type NewsFilters } from "@/lib/api/news";
import type { News } from "@/lib/schemas/news";
import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { PersonalListPage, PublicList } from "@/components/content/list-pages";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/content/detail.module.css";
import { NewsCard } from "./news-card";

const card = (n: News) => <NewsCard news={n} />;

export function NewsList({ filters = {}, label, empty, limit }: { filters?: NewsFilters; label: string; empty: string; limit?: number }) {
  return <PublicList<News> options={newsQueries.listQuery(filters, limit)} limit={limit} label={label} empty={empty} renderItem={card} />;
}

export function AllNews() {
  return (
    <>
      <PageHeader title="Noticias" description="Lo que pasa en la ciudad, de sus comunidades y organizadores." actions={<ButtonLink href="/news/create/">Publicar noticia</ButtonLink>} />
      <NewsList label="Noticias" empty="Aún no hay noticias." />
    </>
  );
}

export function MyNews() {
  return (
    <PersonalListPage<News>
      title="Mis noticias"
      actions={<ButtonLink href="/news/create/">Publicar noticia</ButtonLink>}
      options={newsQueries.mineQuery()}
      signInTo="ver tus noticias"
      before={<PendingCreates kind="news" label="Noticias por publicar" describe={(p) => String(p.title ?? "Noticia")} />}
      label="Mis noticias"
      empty="Aún no has publicado noticias."
      renderItem={card}
    />
  );
}

export function FollowingNews() {
  return <PersonalListPage<News> title="Noticias que sigo" options={newsQueries.followingQuery()} signInTo="ver las noticias que sigues" label="Noticias que sigo" empty="Aún no sigues noticias." renderItem={card} />;
}

/** The news of the community whose page this is. */
export function NewsForRoute({ route, title, empty }: { route: DynamicRoute; title: string; empty: string }) {
  const id = useRouteId(route);
  if (id === null) return null;
  return (
    <section className={styles.section} aria-labelledby="route-news">
      <div className={styles.sectionHead}>
        <h2 id="route-news">{title}</h2>
      </div>
      <NewsList filters={{ communityId: id }} label={title} empty={empty} />
    </section>
  );
}
