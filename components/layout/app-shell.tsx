"use client";

import type { ReactNode } from "react";
import { useAtomValue } from "jotai";
import { authCheckedAtom } from "@/lib/state/auth";
import { AuthBootstrap } from "@/components/auth/auth-bootstrap";
import { EmailVerificationBanner } from "@/components/auth/email-verification-banner";
import { NotificationsListener } from "@/components/notifications/notifications-listener";
import { AppFooter } from "./app-footer";
import { Brand } from "./brand";
import { LoadingView } from "./loading-view";
import { MainNav } from "./main-nav";
import { UpdateToast } from "./update-toast";
import styles from "./app-shell.module.css";

export function AppShell({ children }: { children: ReactNode }) {
  const authChecked = useAtomValue(authCheckedAtom);
  return (
    <>
      <a className={styles.skipLink} href="#contenido">
        Saltar al contenido
      </a>
      {/* Rendered underneath the loading view so the page is ready the moment it lifts; inert
          until then so nothing can be used before the sign-in state is known. */}
      <div inert={!authChecked}>
        {/* Outside the nav so the navigation holds exactly its five items; a top bar on phones,
            the head of the side bar on wide screens. */}
        <header className={styles.topBar}>
          <Brand />
        </header>
        <MainNav />
        <div className={styles.content}>
          <main id="contenido" className={styles.main} tabIndex={-1}>
            <EmailVerificationBanner />
            {children}
          </main>
          <AppFooter />
        </div>
      </div>
      {authChecked ? null : <LoadingView />}
      <AuthBootstrap />
      <NotificationsListener />
      <UpdateToast />
    </>
  );
}
