import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { TermsAndConditions } from "@/components/legal/terms";

export const metadata: Metadata = { title: "Términos y condiciones" };

export default function Page() {
  return (
    <>
      <PageHeader title="Términos y condiciones" />
      <TermsAndConditions />
    </>
  );
}
