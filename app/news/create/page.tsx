import type { Metadata } from "next";
import { Suspense } from "react";
import { CreateNews } from "@/components/news/news-editor";
import { PageHeader } from "@/components/ui/page-header";

export const metadata: Metadata = { title: "Publicar noticia" };

export default function Page() {
  return (
    <Suspense fallback={<PageHeader title="Publicar noticia" />}>
      <CreateNews />
    </Suspense>
  );
}
