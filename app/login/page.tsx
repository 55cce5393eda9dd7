import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { LoginOptions } from "@/components/auth/login-options";

export const metadata: Metadata = { title: "Iniciar sesión" };

export default function Page() {
  return (
    <>
      <PageHeader title="Iniciar sesión" />
      <LoginOptions />
    </>
  );
}
