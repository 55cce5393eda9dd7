import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Usuarios" };

export default function Page() {
  return <SectionPage title="Panel de administración: Usuarios" empty="Aún no hay usuarios que mostrar." />;
}
