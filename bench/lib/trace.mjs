// Reading a Chrome trace (Lighthouse's, or one a bench records): the page's own navigation, not a
// frame's or the blank tab's, and the main thread's top-level tasks.

/** The page's navigationStart: its pid and tid are the main thread, its navigationId ties the paints. */
export function pageNavigation(events) {
  return events.find((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame && String(e.args.data.documentLoaderURL ?? "").startsWith("http"));
}

/** A task the event loop ran (the events Lantern builds its CPU nodes from). */
export const isTask = (e) => e.ph === "X" && e.dur && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
