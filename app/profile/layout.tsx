import { sectionLayout } from "@/components/layout/section-layout";

export default sectionLayout("Perfil", [
  { href: "/profile", label: "Mi perfil" },
  { href: "/profile/following", label: "Lo que sigo" },
  { href: "/addresses/index", label: "Mis direcciones" },
]);
