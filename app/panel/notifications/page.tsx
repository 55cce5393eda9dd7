import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Notificaciones" };

export default function Page() {
  return <SectionPage title="Panel de administración: Notificaciones" empty="Aún no hay notificaciones enviadas." />;
}
