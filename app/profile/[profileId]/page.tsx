import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/routes";
import { RoutedPage } from "@/components/content/routed-page";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ profileId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Perfil" };

export default function Page() {
  return <RoutedPage route="/profile/[profileId]" title="Perfil" label="Perfil" empty="Aún no hay información de este perfil." />;
}
