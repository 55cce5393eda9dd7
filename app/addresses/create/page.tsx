import type { Metadata } from "next";
import { CreateAddress } from "@/components/addresses/address-pages";

export const metadata: Metadata = { title: "Agregar dirección" };

export default function Page() {
  return <CreateAddress />;
}
