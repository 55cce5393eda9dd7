import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Lugares que sigues" };

export default function Page() {
  return <SectionPage title="Lugares que sigues" empty="Aún no sigues ningún lugar." />;
}
