"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { newsQueries, type NewsFilters } from "@/lib/api/news";
import type { News } from "@/lib/schemas/news";
import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { isSignedInAtom } from "@/lib/state/auth";
import { InfiniteList } from "@/components/content/infinite-list";
import { SignInNotice } from "@/components/content/sign-in-notice";
import { PendingCreates } from "@/components/content/pending-creates";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import styles from "@/components/content/content.module.css";
import { NewsCard } from "./news-card";

export function NewsList({ filters = {}, label, empty, limit }: { filters?: NewsFilters; label: string; empty: string; limit?: number }) {
  const query = useInfiniteQuery(newsQueries.listQuery(filters, limit));
  return <InfiniteList<News> query={query} label={label} empty={empty} paginate={limit === undefined} skeletons={limit ? Math.min(limit, 3) : 3} renderItem={(n) => <NewsCard news={n} />} />;
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
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...newsQueries.mineQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Mis noticias" actions={<ButtonLink href="/news/create/">Publicar noticia</ButtonLink>} />
      {signedIn ? (
        <>
        <PendingCreates kind="news" label="Noticias por publicar" describe={(p) => String(p.title ?? "Noticia")} />
        <InfiniteList<News> query={query} label="Mis noticias" empty="Aún no has publicado noticias." renderItem={(n) => <NewsCard news={n} />} />
        </>
      ) : (
        <SignInNotice what="ver tus noticias" />
      )}
    </>
  );
}

export function FollowingNews() {
  const signedIn = useAtomValue(isSignedInAtom);
  const query = useInfiniteQuery({ ...newsQueries.followingQuery(), enabled: signedIn });
  return (
    <>
      <PageHeader title="Noticias que sigo" />
      {signedIn ? (
        <InfiniteList<News> query={query} label="Noticias que sigo" empty="Aún no sigues noticias." renderItem={(n) => <NewsCard news={n} />} />
      ) : (
        <SignInNotice what="ver las noticias que sigues" />
      )}
    </>
  );
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
