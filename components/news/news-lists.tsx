"use client";

import { newsQueries, type NewsFilters } from "@/lib/api/news";
import type { NewsListItem } from "@/lib/schemas/news";
import type { DynamicRoute } from "@/lib/routes";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { CreateLink, PersonalListPage } from "@/components/content/list-pages";
import { PublicList } from "@/components/content/public-list";
import { PageHeader } from "@/components/ui/page-header";
import { SubscribeFeed } from "@/components/feeds/subscribe-feed";
import { CardHeadingLevel } from "@/components/content/card-heading";
import styles from "@/components/content/detail.module.css";
import { NewsCard } from "./news-card";

const card = (n: NewsListItem) => <NewsCard news={n} />;

export function NewsList({ filters = {}, label, empty, limit }: { filters?: NewsFilters; label: string; empty: string; limit?: number }) {
  return <PublicList<NewsListItem> options={newsQueries.listQuery(filters, limit)} limit={limit} label={label} empty={empty} renderItem={card} />;
}

export function AllNews() {
  return (
    <>
      <PageHeader title="Noticias" description="Lo que pasa en la ciudad, de sus comunidades y organizadores." actions={
          <>
            <CreateLink kind="news" />
            <SubscribeFeed scope="news" title="Noticias" />
          </>
        }
      />
      <CardHeadingLevel level={2}>
        <NewsList label="Noticias" empty="Aún no hay noticias." />
      </CardHeadingLevel>
    </>
  );
}

export function MyNews() {
  return <PersonalListPage<NewsListItem> kind="news" list="mine" options={newsQueries.mineQuery()} pending={(p) => String(p.title ?? "Noticia")} renderItem={card} />;
}

export function FollowingNews() {
  return <PersonalListPage<NewsListItem> kind="news" list="following" options={newsQueries.followingQuery()} renderItem={card} />;
}

/** The news of the community, or of the person, whose page this is. */
export function NewsForRoute({
  route,
  filter = "communityId",
  title,
  empty,
}: {
  route: DynamicRoute;
  filter?: "communityId" | "authorId";
  title: string;
  empty: string;
}) {
  const id = useRouteId(route);
  if (id === null) return null;
  return (
    <section className={styles.section} aria-labelledby="route-news">
      <div className={styles.sectionHead}>
        <h2 id="route-news">{title}</h2>
      </div>
      <NewsList filters={{ [filter]: id }} label={title} empty={empty} />
    </section>
  );
}
