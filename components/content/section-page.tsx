import type { ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * A page whose feature has not arrived yet: its real title and an honest empty state, so
 * navigation and routing can already be used and tested.
 */
export function SectionPage({ title, empty, hint, children }: { title: string; empty: string; hint?: ReactNode; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      {children}
      <EmptyState title={empty} hint={hint} />
    </>
  );
}
