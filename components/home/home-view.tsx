import Link from "next/link";
import { brand } from "@/lib/config";
import { EmptyState } from "@/components/ui/empty-state";

const SHORTCUTS = [
  { href: "/events/following/", label: "Eventos que sigues", hint: "Lo próximo de tu agenda" },
  { href: "/places/following/", label: "Lugares que sigues", hint: "Foros, museos, parques y más" },
  { href: "/communities/following/", label: "Comunidades", hint: "Colectivos y grupos de la ciudad" },
  { href: "/news/", label: "Noticias", hint: "Lo que pasa en la ciudad" },
  { href: "/events/create/", label: "Crear evento", hint: "Comparte lo que organizas" },
  { href: "/search/", label: "Búsqueda", hint: "Encuentra eventos, lugares y personas" },
] as const;

export function HomeView() {
  return (
    <>
      <section className="hero">
        <h1>{brand.name}</h1>
        <p>La agenda cultural y comunitaria de tu ciudad: eventos, lugares, noticias y comunidades.</p>
      </section>
      <nav aria-label="Accesos rápidos">
        <ul className="link-grid">
          {SHORTCUTS.map((s) => (
            <li key={s.href}>
              <Link href={s.href}>
                {s.label}
                <small>{s.hint}</small>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2 className="section-title">Eventos para ti</h2>
      <EmptyState title="Aún no hay eventos para ti." />
    </>
  );
}
