import type { Metadata } from "next";
import { MyPlaces } from "@/components/places/place-lists";

export const metadata: Metadata = { title: "Mis lugares" };

export default function Page() {
  return <MyPlaces />;
}
