import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { AuthAction } from "@/components/auth/auth-action";

export const metadata: Metadata = { title: "Tu cuenta" };

/** The landing of the account's email links (docs/product.md#email-and-password). */
export default function Page() {
  return (
    <>
      <PageHeader title="Tu cuenta" />
      <AuthAction />
    </>
  );
}
