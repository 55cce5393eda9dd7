// Marks a Google/Apple redirect in flight, so the start-up flow knows to finish it (and only
// then loads the redirect code). Kept apart so the startup chunk does not carry ./social.

export const REDIRECT_KEY = "plaza:auth-redirect";

export function redirectPending(): boolean {
  try {
    return sessionStorage.getItem(REDIRECT_KEY) !== null;
  } catch {
    return false;
  }
}
