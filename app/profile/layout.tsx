import type { ReactNode } from "react";
import { SectionNav } from "@/components/layout/section-nav";

const LINKS = [
  { href: "/profile", label: "Mi perfil" },
  { href: "/profile/following", label: "Personas que sigo" },
  { href: "/addresses/index", label: "Mis direcciones" },
] as const;

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionNav label="Perfil" links={LINKS} />
      {children}
    </>
  );
}
