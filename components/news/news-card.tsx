import type { NewsListItem } from "@/lib/schemas/news";
import { pathFor } from "@/lib/paths";
import { newsQueries } from "@/lib/api/news";
import { ItemLink } from "@/components/content/item-link";
import { formatRelative } from "@/lib/format/long-dates";
import { Thumb } from "@/components/content/cover";
import { CardHeading } from "@/components/content/card-heading";
import styles from "@/components/content/card.module.css";

export function NewsCard({ news }: { news: NewsListItem }) {
  return (
    <article className={styles.card}>
      <Thumb src={news.coverImage} title={news.title} />
      <div>
        <p className={styles.cardKicker}>
          <time dateTime={news.publishedAt}>{formatRelative(news.publishedAt)}</time>
          {news.community ? ` · ${news.community.name}` : ""}
        </p>
        <CardHeading>
          <ItemLink className={styles.cardLink} href={pathFor("/news/[newsId]", news._id)} read={(client) => client.prefetchQuery(newsQueries.detailQuery(news._id))}>
            {news.title}
          </ItemLink>
        </CardHeading>
        {news.summary ? <p className={styles.cardMeta}>{news.summary}</p> : null}
        {news.hidden ? (
          <ul className={styles.chips}>
            <li className={styles.chipWarn}>Oculta</li>
          </ul>
        ) : null}
      </div>
    </article>
  );
}
