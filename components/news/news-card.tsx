import type { NewsListItem } from "@/lib/schemas/news";
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
          <ItemLink className={styles.cardLink} kind="news" id={news._id} cover={news.coverImage}>
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
