import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Panel de administración: Lugares" };

export default function Page() {
  return <SectionPage title="Panel de administración: Lugares" empty="Aún no hay lugares que moderar." />;
}
