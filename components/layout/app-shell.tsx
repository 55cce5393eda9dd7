"use client";

import { memo, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { useAtomValue } from "jotai";
import { authCheckedAtom, authUserAtom, identityAtom } from "@/lib/state/auth";
import { AuthBootstrap } from "@/components/auth/auth-bootstrap";
import { AppFooter } from "./app-footer";
import { Brand } from "./brand";
import { LoadingView } from "./loading-view";
import { MainNav } from "./main-nav";
import styles from "./app-shell.module.css";

// The service worker is registered once the page has settled (lib/pwa/page-settled.ts: it then
// does not compete with the first load), and its prompts come with it.
const UpdateToast = dynamic(() => import("./update-toast").then((m) => m.UpdateToast), { ssr: false });
// Only someone signed in needs these (the realtime notifications, the unverified-email banner
// with its messages and resend flow): an anonymous visitor's first load does not carry them.
const NotificationsListener = dynamic(() => import("@/components/notifications/notifications-listener").then((m) => m.NotificationsListener), { ssr: false });
const EmailVerificationBanner = dynamic(() => import("@/components/auth/email-verification-banner").then((m) => m.EmailVerificationBanner), { ssr: false });

export function AppShell({ children }: { children: ReactNode }) {
  const authChecked = useAtomValue(authCheckedAtom);
  const signedIn = useAtomValue(authUserAtom) !== null;
  const identity = useAtomValue(identityAtom);
  const unverified = identity !== null && identity.email !== null && !identity.emailVerified;
  return (
    <>
      <a className={styles.skipLink} href="#contenido">
        Saltar al contenido
      </a>
      {/* Rendered underneath the loading view so the page is ready the moment it lifts; inert
          until then so nothing can be used before the sign-in state is known. */}
      <div inert={!authChecked}>
        <ShellFrame unverified={unverified}>{children}</ShellFrame>
      </div>
      {authChecked ? null : <LoadingView />}
      <AuthBootstrap />
      {signedIn ? <NotificationsListener /> : null}
      <UpdateToast />
    </>
  );
}

/**
 * The bar, the navigation, the page and the footer. Memoised because the first sign-in report
 * re-renders the shell on every visit, anonymous ones included, and none of this depends on it:
 * without the memo that report repainted the whole navigation in the middle of the first load.
 */
const ShellFrame = memo(function ShellFrame({ unverified, children }: { unverified: boolean; children: ReactNode }) {
  return (
    <>
      {/* Outside the nav so the navigation holds exactly its five items; a top bar on phones,
          the head of the side bar on wide screens. */}
      <header className={styles.topBar}>
        <Brand />
      </header>
      <MainNav />
      <div className={styles.content}>
        <main id="contenido" className={styles.main} tabIndex={-1}>
          {unverified ? <EmailVerificationBanner /> : null}
          {children}
        </main>
        <AppFooter />
      </div>
    </>
  );
});
