// Google and Apple sign-in: loaded only when someone uses them (or comes back from a redirect),
// so neither the startup chunk nor the first load carry the popup/redirect resolver.
export {
  GoogleAuthProvider,
  OAuthProvider,
  browserPopupRedirectResolver,
  getRedirectResult,
  linkWithCredential,
  linkWithRedirect,
  signInWithCredential,
  signInWithRedirect,
  unlink,
} from "firebase/auth";
