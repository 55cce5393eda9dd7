"use client";

import { communityQueries } from "@/lib/api/communities";
import { CreatePage, EditPage } from "@/components/forms/content-editor";
import { CommunityForm } from "./community-form";

export function CreateCommunity() {
  return (
    <CreatePage title="Crear comunidad" description="Colectivos, clubes y grupos que publican juntos." signInTo="crear comunidades">
      <CommunityForm />
    </CreatePage>
  );
}

export function EditCommunity() {
  return (
    <EditPage
      route="/communities/[communityId]/edit"
      query={communityQueries.detailQuery}
      title="Editar comunidad"
      signInTo="editar comunidades"
      loading={{ label: "Cargando comunidad", lines: 4 }}
      notFound="Esta comunidad no existe o ya no está disponible."
      forbidden={{ when: (community) => !community.canEdit, title: "No puedes editar esta comunidad." }}
    >
      {(community) => <CommunityForm community={community} />}
    </EditPage>
  );
}
