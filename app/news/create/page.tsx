import type { Metadata } from "next";
import { Suspense } from "react";
import { CreateNews } from "@/components/news/news-editor";

export const metadata: Metadata = { title: "Publicar noticia" };

export default function Page() {
  return (
    <Suspense>
      <CreateNews />
    </Suspense>
  );
}
