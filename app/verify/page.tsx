import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { VerifyEmail } from "@/components/auth/verify-email";

export const metadata: Metadata = { title: "Verificación de correo" };

export default function Page() {
  return (
    <>
      <PageHeader title="Verificación de correo" />
      <VerifyEmail />
    </>
  );
}
