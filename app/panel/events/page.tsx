import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Eventos" };

export default function Page() {
  return <SectionPage title="Panel de administración: Eventos" empty="Aún no hay eventos que moderar." />;
}
