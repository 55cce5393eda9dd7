// What a person sees of a page as it loads, recorded in the page from its first byte (pass
// `watchFirstSight` to Playwright's addInitScript; read `window.__firstSight`), in ms since the
// navigation started:
// - inSight: the first frame with the 'Cargando...' view parsed and out of sight (a visitor with
//   nothing of a session stored has it stepped aside by the page's head; anyone else when the app
//   takes it out). Only once parsed: the page's own markup comes before it in the document.
// - usable: the view has left the document (the app answered its first sign-in check).
// - cover: the first frame after inSight with the page's first picture in `main` decoded.
export function watchFirstSight() {
  const seen = { inSight: null, usable: null, cover: null, viewParsed: false };
  window.__firstSight = seen;
  const frame = () => {
    const now = performance.now();
    const view = [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent?.includes("Cargando..."));
    if (view) seen.viewParsed = true;
    if (seen.viewParsed && seen.inSight === null && !view?.checkVisibility()) seen.inSight = now;
    if (seen.viewParsed && seen.usable === null && view === undefined) seen.usable = now;
    const img = document.querySelector("main img");
    if (seen.inSight !== null && seen.cover === null && img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0) seen.cover = now;
    if (seen.usable === null || seen.cover === null) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}
