import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Mis eventos" };

export default function Page() {
  return <SectionPage title="Mis eventos" empty="Aún no has creado eventos." />;
}
