"use client";

import type { ReactNode } from "react";
import { useAtomValue } from "jotai";
import { authCheckedAtom } from "@/lib/state/auth";
import { AuthBootstrap } from "@/components/auth/auth-bootstrap";
import { NotificationsListener } from "@/components/notifications/notifications-listener";
import { AppFooter } from "./app-footer";
import { Brand } from "./brand";
import { LoadingView } from "./loading-view";
import { MainNav } from "./main-nav";
import { UpdateToast } from "./update-toast";

export function AppShell({ children }: { children: ReactNode }) {
  const authChecked = useAtomValue(authCheckedAtom);
  return (
    <>
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      {/* Rendered underneath the loading view so the page is ready the moment it lifts; inert
          until then so nothing can be used before the sign-in state is known. */}
      <div className="app" inert={!authChecked}>
        {/* Outside the nav so the navigation holds exactly its five items; a top bar on phones,
            the head of the side bar on wide screens. */}
        <header className="top-bar">
          <Brand />
        </header>
        <MainNav />
        <div className="app__content">
          <main id="contenido" className="app__main" tabIndex={-1}>
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
