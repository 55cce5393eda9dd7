import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Verificaciones" };

export default function Page() {
  return <SectionPage title="Panel de administración: Verificaciones" empty="Aún no hay solicitudes de verificación." />;
}
