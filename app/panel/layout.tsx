import type { ReactNode } from "react";
import { SectionNav } from "@/components/layout/section-nav";
import { PanelGuard } from "@/components/admin/panel/panel-guard";

const LINKS = [
  { href: "/panel/home", label: "Inicio" },
  { href: "/panel/users", label: "Usuarios" },
  { href: "/panel/users/verify", label: "Verificaciones" },
  { href: "/panel/users/create", label: "Crear usuario" },
  { href: "/panel/reports", label: "Reportes" },
  { href: "/panel/events", label: "Eventos" },
  { href: "/panel/events/tags", label: "Etiquetas" },
  { href: "/panel/places", label: "Lugares" },
  { href: "/panel/news", label: "Noticias" },
  { href: "/panel/communities", label: "Comunidades" },
  { href: "/panel/notifications", label: "Notificaciones" },
] as const;

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <PanelGuard>
      <SectionNav label="Panel de administración" links={LINKS} />
      {children}
    </PanelGuard>
  );
}
