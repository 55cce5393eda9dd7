import { newsSchema, type News } from "../../../../lib/schemas/news";
import type { TestApp } from "../../../test/harness";
import { as, type Person } from "../../content/__tests__/helpers";

// Set-up shared by the news suites: publishing through the real API and reading lists back.

export async function publishNews(t: TestApp, who: Person, overrides: Record<string, unknown> = {}): Promise<News> {
  const res = await as(t, who)({
    method: "POST",
    url: "/api/news",
    payload: { title: "Noticia de prueba", body: "Texto de la noticia.", ...overrides },
  });
  if (res.statusCode !== 201) throw new Error(`news: ${res.statusCode} ${res.body}`);
  return newsSchema.parse(res.json().data);
}

/** Ids of one page of a news list, as `who` sees it. */
export async function newsIds(t: TestApp, who: Person | null, url: string): Promise<string[]> {
  const res = await as(t, who)({ url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data.items.map((n: { _id: string }) => n._id);
}

/** An ISO instant `days` from now (negative: in the past). */
export function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString();
}
