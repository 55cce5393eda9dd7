import { firstDocument } from "./first-document.mjs";

// The pages the Lighthouse targets name (home, an event, a place, a search), as the browser
// benchmarks open them, after the floor when one is served.

/** `[{ name, path, base }]`: the floor's page on `floorBase` (if any), then Plaza's four on `base`. */
export async function measuredPages(base, floorBase = null) {
  const event = await firstDocument(base, "/events");
  const place = await firstDocument(base, "/places");
  // A word of the event's title: the search then has at least one result.
  const word = String(event.title ?? "plaza").split(/\s+/).find((w) => w.length >= 4) ?? "plaza";
  return [
    ...(floorBase ? [{ name: "piso", path: "/", base: floorBase }] : []),
    { name: "inicio", path: "/", base },
    { name: "evento", path: `/events/${event._id}`, base },
    { name: "lugar", path: `/places/${place._id}`, base },
    { name: "búsqueda", path: `/search?q=${encodeURIComponent(word.toLowerCase())}`, base },
  ];
}
