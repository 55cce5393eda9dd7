import type { Metadata } from "next";
import { CreatePlace } from "@/components/places/place-editor";

export const metadata: Metadata = { title: "Agregar lugar" };

export default function Page() {
  return <CreatePlace />;
}
