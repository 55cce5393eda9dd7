"use client";

import { useSearchParams } from "next/navigation";
import { newsQueries } from "@/lib/api/news";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { NewsForm } from "./news-form";

export function CreateNews() {
  const community = useSearchParams().get("community") ?? undefined;
  return (
    <CreatePage title="Publicar noticia" signInTo="publicar noticias">
      <NewsForm presetCommunityId={community} />
    </CreatePage>
  );
}

export function EditNews() {
  return (
    <EditPage
      route="/news/[newsId]/edit"
      query={newsQueries.detailQuery}
      title="Editar noticia"
      signInTo="editar noticias"
      loading={{ label: "Cargando noticia", lines: 6 }}
      notFound="Esta noticia no existe o ya no está disponible."
      forbidden={{ when: (news) => !news.canEdit, title: "No puedes editar esta noticia." }}
    >
      {(news) => <NewsForm news={news} />}
    </EditPage>
  );
}
