import { sectionLayout } from "@/components/layout/section-layout";

export default sectionLayout("Noticias", [
  { href: "/news", label: "Todas" },
  { href: "/news/following", label: "Noticias que sigo" },
  { href: "/news/mine", label: "Mis noticias" },
  { href: "/news/create", label: "Crear noticia" },
]);
