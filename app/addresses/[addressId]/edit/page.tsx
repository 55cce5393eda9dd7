import type { Metadata } from "next";
import { PLACEHOLDER_ID } from "@/lib/paths";
import { EditAddress } from "@/components/addresses/address-pages";

// Exported once for the placeholder id; real ids are rewritten to it (see lib/routes.ts).
export const dynamicParams = false;
export function generateStaticParams() {
  return [{ addressId: PLACEHOLDER_ID }];
}

export const metadata: Metadata = { title: "Editar dirección" };

export default function Page() {
  return <EditAddress />;
}
