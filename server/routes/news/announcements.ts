import type { FastifyInstance } from "fastify";
import type { News } from "../../../lib/schemas/news";
import type { Database, Queryable } from "../../db/client";
import { followersByTarget } from "../content/follows";
import type { NotifyItem } from "../content/notify";
import { notifyUsers } from "../notifications/service";
import { toNews } from "./mappers";
import { createNewsRepository } from "./repository";

// Telling people a piece of news is out. A piece is announced once, when it goes live: at once
// when published now, at its time when scheduled (the timer below), never when it is written or
// edited while still scheduled. `news.announced_at` is claimed with one UPDATE, so with several
// API instances each piece is announced by exactly one; the notices also carry an idempotency
// key, so a repeat could not store a second copy anyway.

/** How often due scheduled pieces are looked for (a piece goes out at most this late). */
export const ANNOUNCE_EVERY_MS = 30_000;
const BATCH = 100;

/** Followers of the piece's community, then of its author: one notice per person, never the author. */
export async function publicationNotices(db: Queryable, item: News): Promise<NotifyItem[]> {
  const author = item.author?._id ?? null;
  const recipients = new Map<string, string>();
  const add = (ids: string[] | undefined, title: string) => {
    for (const id of ids ?? []) if (!recipients.has(id)) recipients.set(id, title);
  };
  if (item.community) {
    add((await followersByTarget(db, "communities", [item.community._id], author)).get(item.community._id), `Noticia de ${item.community.name}`);
  }
  if (item.author) {
    add((await followersByTarget(db, "users", [item.author._id], author)).get(item.author._id), `${item.author.name} publicó una noticia`);
  }
  return [...recipients].map(([userId, title]) => ({
    userId,
    kind: "news_published",
    title,
    body: item.summary ? `${item.title}: ${item.summary}` : item.title,
    link: `/news/${item._id}`,
    data: { newsId: item._id, ...(item.community ? { communityId: item.community._id } : {}) },
    idempotencyKey: `news_published:${item._id}`,
  }));
}

/** The notices of a piece just created: only when it is out now (a scheduled one waits for the timer). */
export async function noticesIfOut(item: News, db: Queryable): Promise<NotifyItem[]> {
  const claimed = await createNewsRepository(db).claimDue([item._id]);
  return claimed.length > 0 ? publicationNotices(db, item) : [];
}

const SYSTEM = { id: null, user: null, isAdmin: false };

/**
 * Announces every scheduled piece whose time has come; returns how many were claimed. The claim
 * and the notices commit together: a failure leaves the pieces to the next run. Pieces hidden by
 * moderation are claimed without notices.
 */
export async function announceDueNews(database: Pick<Database, "transaction" | "schema">): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await database.transaction(async (tx) => {
      const news = createNewsRepository(tx);
      const ids = await news.claimDue(null, BATCH);
      const rows = (await news.findMany(ids, null)).filter((row) => !row.hidden);
      const notices: NotifyItem[] = [];
      for (const row of rows) notices.push(...(await publicationNotices(tx, toNews(row, SYSTEM))));
      await notifyUsers({ query: (sql, params) => tx.query(sql, params), schema: database.schema }, notices);
      return ids.length;
    });
    total += claimed;
    if (claimed < BATCH) return total;
  }
}

/** Runs the announcer when the server is ready and every ANNOUNCE_EVERY_MS after. */
export function registerNewsAnnouncer(app: FastifyInstance, database: Database, everyMs = ANNOUNCE_EVERY_MS): void {
  let timer: NodeJS.Timeout | null = null;
  const run = () =>
    announceDueNews(database).catch((error: unknown) => app.log.error({ err: error }, "No se pudieron anunciar las noticias programadas"));
  app.addHook("onReady", async () => {
    await run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    if (timer) clearInterval(timer);
  });
}
