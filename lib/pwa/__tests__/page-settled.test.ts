import { describe, expect, test } from "@jest/globals";
import { QueryClient } from "@tanstack/react-query";
import { markCacheRestored } from "@/lib/query/client";
import { whenPageSettles } from "../page-settled";

/** Whether `promise` has resolved after the timers and idle moments of `ms` milliseconds. */
async function resolvedAfter(promise: Promise<void>, ms = 30): Promise<boolean> {
  let resolved = false;
  void promise.then(() => (resolved = true));
  await new Promise((resolve) => setTimeout(resolve, ms));
  return resolved;
}

/** A query of the page whose answer the test gives when it wants. */
function pendingQuery(client: QueryClient, key: string) {
  let answer!: () => void;
  void client.fetchQuery({ queryKey: [key], queryFn: () => new Promise<string>((resolve) => (answer = () => resolve(key))) });
  return () => answer();
}

describe("when the page has settled, so the service worker may download the app", () => {
  // The tests run in order: the saved cache is restored once per page, as in the app.
  test("not before the saved cache is restored, nor while the page's queries fetch", async () => {
    expect(document.readyState).toBe("complete");
    const client = new QueryClient();
    const settled = whenPageSettles(client);
    // Nothing fetches yet: the page's queries wait for the saved cache.
    expect(await resolvedAfter(settled)).toBe(false);

    const answerList = pendingQuery(client, "events");
    markCacheRestored();
    expect(await resolvedAfter(settled)).toBe(false);

    const answerNews = pendingQuery(client, "news");
    answerList();
    expect(await resolvedAfter(settled)).toBe(false);
    answerNews();
    expect(await resolvedAfter(settled)).toBe(true);
  });

  test("at once, with a free moment, when nothing is fetching", async () => {
    expect(await resolvedAfter(whenPageSettles(new QueryClient()))).toBe(true);
  });

  test("a query that never answers holds it only until the limit", async () => {
    const client = new QueryClient();
    pendingQuery(client, "stuck");
    const settled = whenPageSettles(client, 100);
    expect(await resolvedAfter(settled, 30)).toBe(false);
    expect(await resolvedAfter(settled, 150)).toBe(true);
  });
});
