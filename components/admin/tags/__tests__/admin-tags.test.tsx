import { afterEach, describe, expect, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Provider as JotaiProvider, createStore } from "jotai";
import { makeUser } from "@/lib/__tests__/fixtures/user";
import { tagQueries } from "@/lib/api/tags";
import { authUserAtom, toSessionUser } from "@/lib/state/auth";
import { AdminTags } from "../admin-tags";

// Before deleting a tag, an admin is told how many upcoming events lose it, in Spanish that reads
// right for none, one and many. The list is already in the cache, as after the panel loaded it.

afterEach(cleanup);

const tag = (slug: string, name: string, upcomingEventsCount: number) => ({ _id: `t-${slug}`, name, slug, upcomingEventsCount, followersCount: 0 });

function showTags() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(tagQueries.list().queryKey, [tag("jazz", "Jazz", 1), tag("teatro", "Teatro", 1250), tag("danza", "Danza", 0)]);
  const store = createStore();
  store.set(authUserAtom, toSessionUser(makeUser({ accountType: "ADMIN" })));
  render(
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <AdminTags />
      </QueryClientProvider>
    </JotaiProvider>,
  );
}

test("the table counts each tag's upcoming events as in Mexico", () => {
  showTags();
  expect(screen.getByRole("row", { name: /Teatro/ }).textContent).toContain("1,250");
});

describe("deleting a tag", () => {
  test.each([
    ["Jazz", "Se quitará de 1 evento próximo."],
    ["Teatro", "Se quitará de 1,250 eventos próximos."],
    ["Danza", "No la lleva ningún evento próximo."],
  ])("asks first, saying what %s leaves", (name, said) => {
    showTags();
    fireEvent.click(screen.getByRole("button", { name: `Borrar ${name}` }));
    const dialog = screen.getByRole("dialog", { name: `¿Borrar la etiqueta «${name}»?` });
    expect(dialog.textContent).toContain(said);
  });
});
