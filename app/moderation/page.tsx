import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ModerationLogView } from "@/components/moderation/moderation-log-view";

export const metadata: Metadata = { title: "Registro de moderación" };

export default function Page() {
  return (
    <>
      <PageHeader title="Registro de moderación" />
      <ModerationLogView />
    </>
  );
}
