import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Noticias" };

export default function Page() {
  return <SectionPage title="Noticias" empty="Aún no hay noticias." />;
}
