import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Inicio" };

export default function Page() {
  return <SectionPage title="Panel de administración: Inicio" empty="Aún no hay resumen de actividad." />;
}
