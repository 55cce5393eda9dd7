import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { VerificationQueue } from "@/components/admin/verification/verification-queue";

export const metadata: Metadata = { title: "Panel de administración: Verificaciones" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración: Verificaciones" description="Solicitudes pendientes, la más antigua primero." />
      <VerificationQueue />
    </>
  );
}
