"use client";

import { useState } from "react";
import { communityPayloadSchema, communityUpdatePayloadSchema, type Community } from "@/lib/schemas/communities";
import { storeCommunity, updateCommunity, uploadCommunityImage } from "@/lib/api/communities";
import { TextAreaField } from "@/components/ui/text-area-field";
import { TextField } from "@/components/ui/text-field";
import { ContentForm } from "@/components/forms/content-form";
import { useSaveContent } from "@/components/forms/use-save-content";

export function CommunityForm({ community }: { community?: Community }) {
  const [name, setName] = useState(community?.name ?? "");
  const [description, setDescription] = useState(community?.description ?? "");
  const schemas = { create: communityPayloadSchema, update: communityUpdatePayloadSchema };
  const flow = useSaveContent({ kind: "communities", existing: community, schemas, update: updateCommunity, store: storeCommunity, uploadImage: uploadCommunityImage });

  return (
    <ContentForm
      flow={flow}
      reviewNotice={false}
      image={{ label: "Imagen", current: community?.image }}
      onSubmit={() => void flow.save({ name, description })}
    >
      <TextField label="Nombre" value={name} onChange={(e) => setName(e.target.value)} error={flow.err("name")} required />
      <TextAreaField label="Descripción" value={description} onChange={(e) => setDescription(e.target.value)} error={flow.err("description")} rows={6} />
    </ContentForm>
  );
}
