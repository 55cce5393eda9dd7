import { CITY_TIME_ZONE } from "@/lib/schemas/constants";

// A page's first Intl.DateTimeFormat loads the browser's ICU date data: 15–30 ms on a desktop CPU,
// four times that on a mid-range phone (the first NumberFormat, for counts, 1–2 ms more). The
// app's modules build their formats as they load, so that cost used to land inside the long task
// that evaluates them before hydration (Lighthouse blamed ~120 ms of it at 4× CPU). Paid here
// instead, while the scripts are still downloading, and every later format builds in under a
// millisecond. From the head (app/layout.tsx), because only there does it run before the first
// paint: the parser cannot show the body until it has run. At the end of the body the browser had
// often painted the home's 25 KB of HTML already, and the warm-up became a task blocking the page
// after the paint (Lighthouse: 161–411 ms at 4× CPU). Inline, so it costs no request; its hash
// joins the page's CSP like Next's own inline scripts.
const WARM_UP = `try{new Intl.DateTimeFormat("es-MX",{timeZone:${JSON.stringify(CITY_TIME_ZONE)}}).format(0);new Intl.NumberFormat("es-MX").format(0)}catch(e){}`;

export function IntlWarmUp() {
  return <script dangerouslySetInnerHTML={{ __html: WARM_UP }} />;
}
