import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ReportsQueue } from "@/components/admin/reports/reports-queue";

export const metadata: Metadata = { title: "Panel de administración: Reportes" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración: Reportes" description="Reportes pendientes agrupados por contenido, el reportado más recientemente primero." />
      <ReportsQueue />
    </>
  );
}
