import { CITY_TIME_ZONE } from "@/lib/schemas/constants";

// A page's first Intl.DateTimeFormat loads the browser's ICU date data: 15–30 ms on a desktop CPU,
// four times that on a mid-range phone (the first NumberFormat, for counts, 1–2 ms more). The
// app's modules build their formats as they load, so that cost used to land inside the long task
// that evaluates them before hydration (Lighthouse blamed ~120 ms of it at 4× CPU). Run from the
// end of the HTML it is paid while the scripts are still downloading, before the first paint,
// and every later format builds in under a millisecond. Inline, so it costs no request; its hash
// joins the page's CSP like Next's own inline scripts.
const WARM_UP = `try{new Intl.DateTimeFormat("es-MX",{timeZone:${JSON.stringify(CITY_TIME_ZONE)}}).format(0);new Intl.NumberFormat("es-MX").format(0)}catch(e){}`;

export function IntlWarmUp() {
  return <script dangerouslySetInnerHTML={{ __html: WARM_UP }} />;
}
