// Reading a Chrome trace (Lighthouse's, or one a bench records): the page's own navigation, not a
// frame's or the blank tab's, and the main thread's top-level tasks.

/**
 * The page's navigationStart: its pid and tid are the main thread, its navigationId ties the
 * paints. Some traces record it without its URL; then it is the main frame's latest one that is
 * not the blank tab's (by time: a trace's events are grouped by thread, not sorted).
 */
export function pageNavigation(events) {
  const mainFrame = events.filter((e) => e.name === "navigationStart" && e.args?.data?.isLoadingMainFrame);
  const named = mainFrame.find((e) => String(e.args.data.documentLoaderURL ?? "").startsWith("http"));
  if (named) return named;
  const unnamed = mainFrame.filter((e) => !String(e.args.data.documentLoaderURL ?? "").startsWith("about:"));
  return unnamed.length > 0 ? unnamed.reduce((a, b) => (b.ts > a.ts ? b : a)) : undefined;
}

/** A task the event loop ran (the events Lantern builds its CPU nodes from). */
export const isTask = (e) => e.ph === "X" && e.dur && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");

/**
 * One traced load's figures from `read()`, or null with a warning when the load failed or its
 * trace could not say (`read` gave null: then `unreadable` says what was missing); such a load is
 * not counted.
 */
export async function countedLoad(label, unreadable, read) {
  try {
    const result = await read();
    if (!result) console.warn(`${label}: ${unreadable}; no cuenta.`);
    return result;
  } catch (error) {
    console.warn(`${label}: la carga falló (${error.message.split("\n")[0]}); no cuenta.`);
    return null;
  }
}

/**
 * CPU time (ms, thread time) of the tasks of the threads that draw a page: the page's main thread,
 * the browser's main thread and the GPU process's compositor. On a 2-core machine they share the
 * cores, so what the other two spend the page's main thread may wait for. Null without the page's
 * navigation or the tasks' thread time.
 */
export function drawingThreadsCpu(events) {
  const navigation = pageNavigation(events);
  if (!navigation) return null;
  const threads = new Map();
  for (const e of events) if (e.ph === "M" && e.name === "thread_name") threads.set(`${e.pid}:${e.tid}`, e.args.name);
  const pidOf = (thread) => [...threads].find(([, name]) => name === thread)?.[0].split(":")[0];
  const cpu = { page: 0, browser: 0, compositor: 0 };
  const browser = pidOf("CrBrowserMain");
  const compositor = pidOf("VizCompositorThread");
  for (const e of events) {
    if (!isTask(e)) continue;
    const thread = threads.get(`${e.pid}:${e.tid}`);
    let key = null;
    if (e.pid === navigation.pid && e.tid === navigation.tid) key = "page";
    else if (String(e.pid) === browser && thread === "CrBrowserMain") key = "browser";
    else if (String(e.pid) === compositor && thread === "VizCompositorThread") key = "compositor";
    if (key === null) continue;
    if (e.tdur === undefined) return null;
    cpu[key] += e.tdur / 1000;
  }
  return cpu;
}

/**
 * How many frames a Lighthouse trace captured: it takes a screenshot of every frame drawn, each
 * read back and encoded while the page loads.
 */
export const capturedFrames = (events) => events.filter((e) => e.name === "Screenshot").length;
