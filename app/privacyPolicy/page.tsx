import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { PrivacyPolicy } from "@/components/legal/privacy-policy";

export const metadata: Metadata = { title: "Política de privacidad" };

export default function Page() {
  return (
    <>
      <PageHeader title="Política de privacidad" />
      <PrivacyPolicy />
    </>
  );
}
