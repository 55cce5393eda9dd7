import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Noticias" };

export default function Page() {
  return <SectionPage title="Panel de administración: Noticias" empty="Aún no hay noticias que moderar." />;
}
