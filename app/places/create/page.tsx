import type { Metadata } from "next";
import { SectionPage } from "@/components/content/section-page";

export const metadata: Metadata = { title: "Crear lugar" };

export default function Page() {
  return <SectionPage title="Crear lugar" empty="El formulario de lugares aún no está disponible." />;
}
