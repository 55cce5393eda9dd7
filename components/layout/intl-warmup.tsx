import { CITY_TIME_ZONE, LOCALE } from "@/lib/schemas/constants";

// A page's first Intl format loads the browser's ICU data (the locale's names and patterns, the
// city's zone): 30–60 ms of main thread on this machine's Chromium, more on a mid-range phone, and
// every module that formats a date or a count pays it on first use. ICU keeps that data for the
// whole renderer process, not per thread, so a throwaway worker that formats once loads it off the
// main thread. When the worker is done before the page's scripts first format something, as on a
// phone's network where they take longer to download, that first format takes 1–2 ms and the first
// paint no longer waits for ICU; when the scripts win the race (a fast local network), the main
// thread pays as before, only after the paint (docs/operations/rendimiento-bitacora.md). From the head
// (app/layout.tsx), so the worker starts as early as the page can start anything. Inline, so it
// costs no request; its hash joins the page's CSP like Next's own inline scripts, and the CSP's
// worker-src allows blob: workers. Where a worker cannot start, the first format pays on the main
// thread.
const FORMATS = [
  `new Intl.DateTimeFormat(${JSON.stringify(LOCALE)},{timeZone:${JSON.stringify(CITY_TIME_ZONE)}}).format(0)`,
  `new Intl.NumberFormat(${JSON.stringify(LOCALE)}).format(0)`,
  // lib/format/dates.ts reads the city's wall clock through en-US parts.
  `new Intl.DateTimeFormat("en-US",{timeZone:${JSON.stringify(CITY_TIME_ZONE)},hour:"2-digit",hourCycle:"h23"}).formatToParts(0)`,
];
const WORKER = `try{${FORMATS.join(";")}}catch(e){}close()`;
const WARM_UP = `try{new Worker(URL.createObjectURL(new Blob([${JSON.stringify(WORKER)}],{type:"text/javascript"})))}catch(e){}`;

export function IntlWarmUp() {
  return <script dangerouslySetInnerHTML={{ __html: WARM_UP }} />;
}
