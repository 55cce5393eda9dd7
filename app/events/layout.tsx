import type { ReactNode } from "react";
import { SectionNav } from "@/components/layout/section-nav";

const LINKS = [
  { href: "/events/following", label: "Eventos que sigo" },
  { href: "/events/mine", label: "Mis eventos" },
  { href: "/events/create", label: "Crear evento" },
] as const;

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionNav label="Eventos" links={LINKS} />
      {children}
    </>
  );
}
