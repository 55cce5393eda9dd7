// Marks a Google/Apple redirect in flight, so the start-up flow knows to finish it (and only
// then loads the redirect code). Kept apart so the startup chunk does not carry ./social.
//
// The mark travels in the page's address, which the SDK hands the provider as the one to come back
// to (`redirectUrl`: the address when the redirect starts), not in sessionStorage: the first read of
// Web Storage on a page waits for the browser process, and every page's start-up asks
// (docs/operations/rendimiento-bitacora.md, "Lo que la arrancada esperaba del navegador").

const SOCIAL_PROVIDERS = ["google", "apple"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface PendingRedirect {
  provider: SocialProvider;
  mode: "signIn" | "link";
}

/** The query parameter: `google` or `apple` after a sign-in, with `-vincular` after linking. */
export const REDIRECT_PARAM = "acceso";
const LINK_SUFFIX = "-vincular";

const encode = ({ provider, mode }: PendingRedirect): string => (mode === "link" ? provider + LINK_SUFFIX : provider);

/** The redirect the page at `href` (by default, this one) came back from, or null. */
export function pendingRedirect(href = typeof window === "undefined" ? undefined : window.location.href): PendingRedirect | null {
  const value = href === undefined ? null : new URL(href).searchParams.get(REDIRECT_PARAM);
  if (value === null) return null;
  const mode = value.endsWith(LINK_SUFFIX) ? "link" : "signIn";
  const provider = SOCIAL_PROVIDERS.find((p) => p === (mode === "link" ? value.slice(0, -LINK_SUFFIX.length) : value));
  return provider ? { provider, mode } : null;
}

/** `href` with the mark of `pending`, or without any mark when null; the rest of it unchanged. */
export function withRedirectMark(href: string, pending: PendingRedirect | null): string {
  const url = new URL(href);
  if (pending) url.searchParams.set(REDIRECT_PARAM, encode(pending));
  else url.searchParams.delete(REDIRECT_PARAM);
  return url.href;
}

/**
 * Puts the mark of `pending` in this page's address (null takes it out), in place of its history
 * entry. With null state, as Next.js documents: its router then adopts the new address (given its
 * own state back, it would keep the old one and could write it back later).
 */
export function markRedirect(pending: PendingRedirect | null): void {
  const href = withRedirectMark(window.location.href, pending);
  if (href !== window.location.href) window.history.replaceState(null, "", href);
}
