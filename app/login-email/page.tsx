import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { LoginEmailForm } from "@/components/auth/login-email-form";

export const metadata: Metadata = { title: "Iniciar sesión con correo" };

export default function Page() {
  return (
    <>
      <PageHeader title="Iniciar sesión con correo" />
      <LoginEmailForm />
    </>
  );
}
