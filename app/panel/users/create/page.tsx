import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { CreateUserForm } from "@/components/admin/users/create-user-form";

export const metadata: Metadata = { title: "Panel de administración: Crear usuario" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración: Crear usuario" />
      <CreateUserForm />
    </>
  );
}
