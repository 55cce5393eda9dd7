import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/routes";
import { UserProfile } from "@/components/profile/user-profile";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ profileId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Perfil" };

export default function Page() {
  return <UserProfile />;
}
