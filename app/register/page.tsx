import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { RegisterForm } from "@/components/auth/register-form";

export const metadata: Metadata = { title: "Crear cuenta" };

export default function Page() {
  return (
    <>
      <PageHeader title="Crear cuenta" />
      <RegisterForm />
    </>
  );
}
