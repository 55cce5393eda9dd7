import type { Metadata } from "next";
import { AddressIndex } from "@/components/addresses/address-pages";

export const metadata: Metadata = { title: "Mis direcciones" };

export default function Page() {
  return <AddressIndex />;
}
