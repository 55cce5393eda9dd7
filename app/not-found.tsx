import type { Metadata } from "next";
import Link from "@/components/ui/link";
import pageHeader from "@/components/ui/page-header.module.css";

export const metadata: Metadata = { title: "Página no encontrada" };

export default function NotFound() {
  return (
    <section className="stack">
      <h1 className={pageHeader.title}>Página no encontrada</h1>
      <p>La dirección que abriste no existe o ya no está disponible.</p>
      <p>
        <Link href="/">Volver al inicio</Link>
      </p>
    </section>
  );
}
