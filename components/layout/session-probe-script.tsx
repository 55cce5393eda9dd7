import { sessionProbeScript } from "@/lib/auth/session-probe";

// The first sign-in check, started from the head (app/layout.tsx) so it is done before the app's
// scripts have downloaded; lib/auth/session-probe.ts says what it reads and what it marks. Inline,
// so it costs no request; its hash joins the page's CSP like Next's own inline scripts.
const SCRIPT = sessionProbeScript();

export function SessionProbeScript() {
  return <script dangerouslySetInnerHTML={{ __html: SCRIPT }} />;
}
