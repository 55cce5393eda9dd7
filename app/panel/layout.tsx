import type { ReactNode } from "react";
import { SectionNav } from "@/components/layout/section-nav";
import { PanelAccessNotice } from "@/components/admin/panel-access-notice";

const LINKS = [
  { href: "/panel/home", label: "Inicio" },
  { href: "/panel/users", label: "Usuarios" },
  { href: "/panel/users/verify", label: "Verificaciones" },
  { href: "/panel/users/create", label: "Crear usuario" },
  { href: "/panel/events", label: "Eventos" },
  { href: "/panel/events/tags", label: "Etiquetas" },
  { href: "/panel/places", label: "Lugares" },
  { href: "/panel/news", label: "Noticias" },
  { href: "/panel/notifications", label: "Notificaciones" },
] as const;

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionNav label="Panel de administración" links={LINKS} />
      <PanelAccessNotice />
      {children}
    </>
  );
}
