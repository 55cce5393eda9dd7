import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Notificaciones" };

export default function Page() {
  return <SectionPage title="Notificaciones" empty="Aún no tienes notificaciones." />;
}
