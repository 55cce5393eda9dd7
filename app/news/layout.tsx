import type { ReactNode } from "react";
import { SectionNav } from "@/components/layout/section-nav";

const LINKS = [
  { href: "/news", label: "Todas" },
  { href: "/news/following", label: "Noticias que sigo" },
  { href: "/news/mine", label: "Mis noticias" },
  { href: "/news/create", label: "Crear noticia" },
] as const;

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionNav label="Noticias" links={LINKS} />
      {children}
    </>
  );
}
