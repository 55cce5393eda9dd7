"use client";

import Link from "@/components/ui/link";
import { useQuery } from "@tanstack/react-query";
import { listedNews, newsQueries } from "@/lib/api/news";
import type { News } from "@/lib/schemas/news";
import { useRouteId } from "@/lib/hooks/use-route-id";
import { pathFor } from "@/lib/paths";
import { formatDateTime } from "@/lib/format/long-dates";
import { VerifiedBadge } from "@/components/content/cover";
import { ItemLink } from "@/components/content/item-link";
import { DetailActions, DetailHeader, DetailPage, HiddenBanner, useListedHeader } from "@/components/content/detail-page";
import cardStyles from "@/components/content/card.module.css";
import detailStyles from "@/components/content/detail.module.css";

export function NewsDetail() {
  const id = useRouteId("/news/[newsId]");
  const query = useQuery({ ...newsQueries.detailQuery(id ?? ""), enabled: id !== null });
  // A hidden item's banner goes above the cover: it gets only placeholders.
  const listed = useListedHeader(id, listedNews, (news) => (news.hidden ? undefined : { title: news.title, cover: news.coverImage }));
  return (
    <DetailPage id={id} query={query} kind="news" skeletonLines={5} listed={listed}>
      {(news) => <NewsView news={news} />}
    </DetailPage>
  );
}

function NewsView({ news }: { news: News }) {
  return (
    <article aria-labelledby="news-title">
      <HiddenBanner item={news} hiddenWord="Oculta" />
      <DetailHeader titleId="news-title" title={news.title} cover={news.coverImage}>
        <p className={cardStyles.cardMeta}>
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
              <ItemLink kind="communities" id={news.community._id} cover={news.community.image}>{news.community.name}</ItemLink>
            </>
          ) : null}
        </p>
      </DetailHeader>
      {news.summary ? <p className={detailStyles.lead}>{news.summary}</p> : null}
      <DetailActions
        follow={{ kind: "news", id: news._id, following: news.following, followersCount: news.followersCount, name: news.title }}
        share={{ title: news.title, text: news.summary }}
        edit={news.canEdit ? { href: pathFor("/news/[newsId]/edit", news._id), label: "Editar noticia" } : null}
        remove={news.canEdit ? { kind: "news", id: news._id, title: news.title, followersCount: news.followersCount, authorId: news.author?._id ?? null } : null}
        report={news.canEdit ? null : { targetKind: "news", targetId: news._id, label: news.title, authorId: news.author?._id ?? null }}
      />
      <div className={`${detailStyles.text} ${detailStyles.section}`}>{news.body}</div>
    </article>
  );
}
