import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/routes";
import { RoutedPage } from "@/components/content/routed-page";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ newsId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Editar noticia" };

export default function Page() {
  return <RoutedPage route="/news/[newsId]/edit" title="Editar noticia" label="Noticia" empty="El formulario de noticias aún no está disponible." />;
}
