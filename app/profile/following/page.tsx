import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Personas que sigues" };

export default function Page() {
  return <SectionPage title="Personas que sigues" empty="Aún no sigues a nadie." />;
}
