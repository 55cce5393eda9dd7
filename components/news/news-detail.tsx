"use client";

import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { newsQueries } from "@/lib/api/news";
import { ApiError, errorMessage } from "@/lib/api/errors";
import type { News } from "@/lib/schemas/news";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/routes";
import { formatDateTime } from "@/lib/format/dates";
import { Cover, VerifiedBadge } from "@/components/content/cover";
import { FollowButton } from "@/components/content/follow-button";
import { ShareButton } from "@/components/content/share-button";
import { NotFoundState } from "@/components/content/not-found-state";
import { FormAlert } from "@/components/ui/form-alert";
import { Skeleton } from "@/components/ui/skeleton";
import styles from "@/components/content/content.module.css";

export function NewsDetail() {
  const id = useRouteId("/news/[newsId]");
  const query = useQuery({ ...newsQueries.detailQuery(id ?? ""), enabled: id !== null });
  const news = query.data;
  return (
    <>
      <span className="visually-hidden" data-testid="route-id">
        {id}
      </span>
      {id === null || (query.isPending && query.fetchStatus !== "paused") ? (
        <>
          <div className={styles.coverPlaceholder} aria-hidden="true" />
          <Skeleton lines={5} label="Cargando noticia" />
        </>
      ) : query.isPending ? (
        <NotFoundState title="Sin conexión" hint="Esta noticia se mostrará cuando vuelvas a tener conexión." />
      ) : !news ? (
        query.error instanceof ApiError && query.error.status === 404 ? (
          <NotFoundState title="Esta noticia no existe o ya no está disponible." />
        ) : (
          <FormAlert message={errorMessage(query.error)} />
        )
      ) : (
        <NewsView news={news} />
      )}
    </>
  );
}

function NewsView({ news }: { news: News }) {
  return (
    <article aria-labelledby="news-title">
      {news.hidden ? (
        <p className={styles.statusBanner} role="status">
          Oculta por moderación{news.hiddenReason ? `: ${news.hiddenReason}` : "."}
        </p>
      ) : null}
      <Cover src={news.coverImage} title={news.title} />
      <h1 id="news-title" className="page-header__title">
        {news.title}
      </h1>
      <p className={styles.cardMeta}>
        <time dateTime={news.publishedAt}>{formatDateTime(news.publishedAt)}</time>
        {news.author ? (
          <>
            {" · "}
            <Link href={pathFor("/profile/[profileId]", news.author._id)}>{news.author.name}</Link> {news.author.verified ? <VerifiedBadge /> : null}
          </>
        ) : null}
        {news.community ? (
          <>
            {" · "}
            <Link href={pathFor("/communities/[communityId]", news.community._id)}>{news.community.name}</Link>
          </>
        ) : null}
      </p>
      {news.summary ? <p style={{ fontSize: "1.1rem", fontWeight: 500 }}>{news.summary}</p> : null}
      <div style={{ margin: "1rem 0" }}>
        <FollowButton kind="news" id={news._id} following={news.following} followersCount={news.followersCount} name={news.title} />
      </div>
      <div className="actions">
        <ShareButton title={news.title} text={news.summary} />
        {news.canEdit ? (
          <Link className="button button--secondary" href={pathFor("/news/[newsId]/edit", news._id)}>
            Editar noticia
          </Link>
        ) : null}
      </div>
      <div className={`${styles.text} ${styles.section}`}>{news.body}</div>
    </article>
  );
}
