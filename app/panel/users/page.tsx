import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { UsersAdmin } from "@/components/admin/users/users-admin";

export const metadata: Metadata = { title: "Panel de administración: Usuarios" };

export default function Page() {
  return (
    <>
      <PageHeader title="Panel de administración: Usuarios" />
      <UsersAdmin />
    </>
  );
}
