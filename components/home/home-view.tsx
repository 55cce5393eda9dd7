import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { brand } from "@/lib/config";
import styles from "./home.module.css";

const SHORTCUTS = [
  { href: "/events/create/", label: "Publicar evento" },
  { href: "/news/", label: "Noticias" },
  { href: "/communities/following/", label: "Comunidades" },
  { href: "/events/following/", label: "Lo que sigo" },
] as const;

export function HomeHero() {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <h1 id="home-title">{brand.name}</h1>
      <p>La agenda cultural y comunitaria de tu ciudad: eventos, lugares, noticias y comunidades.</p>
      <nav aria-label="Accesos rápidos">
        <ul className={styles.shortcuts}>
          {SHORTCUTS.map((s) => (
            <li key={s.href}>
              <Link href={s.href}>{s.label}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}

/** A titled block of the home with an optional "see all" link. */
export function HomeSection({ id, title, more, children }: { id: string; title: string; more?: { href: string; label: string }; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={`home-${id}`}>
      <div className={styles.head}>
        <h2 id={`home-${id}`}>{title}</h2>
        {more ? <Link href={more.href}>{more.label}</Link> : null}
      </div>
      {children}
    </section>
  );
}
