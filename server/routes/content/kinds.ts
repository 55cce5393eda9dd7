import type { ContentKind } from "../../../lib/schemas/content";

// What differs between the content kinds in the shared tables and messages, in one place:
// moderation, deletion notices, images, quotas and lists read their kind's row here, so adding a
// kind is a row here plus its folder.

export interface KindFacts {
  table: string;
  /** Alias the kind's repository gives its table in SQL (`n` in `FROM news n`). */
  alias: string;
  /** Column that names an item in the moderation log and in notices. */
  label: string;
  /** Column of whoever published it. */
  author: string;
  /** Columns of its picture: the public URL and the stored set of files. */
  image: { url: string; set: string };
  /** Spanish words, with the article and the participles that agree with their gender. */
  words: { a: "un" | "una"; one: string; many: string; hidden: string; deleted: string };
  /** Items an unverified account may publish per day (see spam.ts). */
  dailyQuota: number;
  /** What the daily quota counts: a series of events counts once. */
  quotaCount: string;
}

const COVER = { url: "cover_image", set: "cover_image_set" };

export const KINDS: Record<ContentKind, KindFacts> = {
  events: {
    table: "events",
    alias: "e",
    label: "title",
    author: "organizer_id",
    image: COVER,
    words: { a: "un", one: "evento", many: "eventos", hidden: "ocultado", deleted: "borrado" },
    dailyQuota: 3,
    quotaCount: "count(DISTINCT coalesce(series_id, id))",
  },
  places: {
    table: "places",
    alias: "pl",
    label: "name",
    author: "author_id",
    image: COVER,
    words: { a: "un", one: "lugar", many: "lugares", hidden: "ocultado", deleted: "borrado" },
    dailyQuota: 2,
    quotaCount: "count(*)",
  },
  news: {
    table: "news",
    alias: "n",
    label: "title",
    author: "author_id",
    image: COVER,
    words: { a: "una", one: "noticia", many: "noticias", hidden: "ocultada", deleted: "borrada" },
    dailyQuota: 3,
    quotaCount: "count(*)",
  },
  communities: {
    table: "communities",
    alias: "c",
    label: "name",
    author: "created_by",
    image: { url: "image", set: "image_set" },
    words: { a: "una", one: "comunidad", many: "comunidades", hidden: "ocultada", deleted: "borrada" },
    dailyQuota: 1,
    quotaCount: "count(*)",
  },
};

/** The app's page of an item. */
export const linkTo = (kind: ContentKind, id: string) => `/${kind}/${id}`;
