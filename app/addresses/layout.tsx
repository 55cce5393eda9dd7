import type { ReactNode } from "react";
import { SectionNav } from "@/components/layout/section-nav";

const LINKS = [
  { href: "/addresses/index", label: "Mis direcciones" },
  { href: "/addresses/create", label: "Agregar dirección" },
] as const;

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <SectionNav label="Direcciones" links={LINKS} />
      {children}
    </>
  );
}
