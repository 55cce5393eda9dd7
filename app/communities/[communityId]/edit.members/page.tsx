import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { CommunityMembers } from "@/components/communities/community-members";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ communityId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Miembros de la comunidad" };

export default function Page() {
  return <CommunityMembers />;
}
