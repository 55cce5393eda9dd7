import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Etiquetas" };

export default function Page() {
  return <SectionPage title="Panel de administración: Etiquetas" empty="Aún no hay etiquetas." />;
}
