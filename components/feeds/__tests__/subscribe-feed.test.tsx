import { afterEach, describe, expect, jest, test } from "@jest/globals";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { SubscribeFeed } from "../subscribe-feed";

// What a person sees: 'Suscribirse' opens the three feed addresses of this page with a copy
// button each; the page advertises the same addresses to feed readers in its <head>.

describe("SubscribeFeed", () => {
  afterEach(cleanup);

  test("anuncia los feeds en <head> mientras se muestra y los quita al salir", () => {
    const { unmount } = render(<SubscribeFeed scope="events" query={{ placeId: "p1" }} title="Eventos en Teatro X" />);
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="alternate"]')];
    expect(links.map((l) => [l.type, l.title, l.href])).toEqual([
      ["application/rss+xml", "Eventos en Teatro X", `${location.origin}/api/feeds/events.rss?placeId=p1`],
      ["application/atom+xml", "Eventos en Teatro X", `${location.origin}/api/feeds/events.atom?placeId=p1`],
      ["application/feed+json", "Eventos en Teatro X", `${location.origin}/api/feeds/events.json?placeId=p1`],
    ]);
    unmount();
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
  });

  test("'Suscribirse' muestra las direcciones RSS, Atom y JSON Feed y copia la elegida", async () => {
    const writeText = jest.fn<(text: string) => Promise<void>>(async () => undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    render(<SubscribeFeed scope="news" query={{ communityId: "c1" }} title="Noticias de Fandango" />);
    fireEvent.click(screen.getByRole("button", { name: "Suscribirse" }));
    const dialog = screen.getByRole("dialog", { name: "Suscribirse: Noticias de Fandango" });
    expect(dialog.textContent).toContain("Copia esta dirección en tu lector de noticias");
    expect((screen.getByLabelText("RSS") as HTMLInputElement).value).toBe(`${location.origin}/api/feeds/news.rss?communityId=c1`);
    expect((screen.getByLabelText("Atom") as HTMLInputElement).value).toBe(`${location.origin}/api/feeds/news.atom?communityId=c1`);
    expect((screen.getByLabelText("JSON Feed") as HTMLInputElement).value).toBe(`${location.origin}/api/feeds/news.json?communityId=c1`);
    fireEvent.click(screen.getByRole("button", { name: "Copiar dirección Atom" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${location.origin}/api/feeds/news.atom?communityId=c1`));
    fireEvent.click(screen.getByRole("button", { name: "Cerrar" }));
    expect(screen.queryByRole("dialog", { name: "Suscribirse: Noticias de Fandango" })).toBeNull();
  });
});
