import type { Metadata } from "next";
import { CreateCommunity } from "@/components/communities/community-editor";

export const metadata: Metadata = { title: "Crear comunidad" };

export default function Page() {
  return <CreateCommunity />;
}
