import { sectionLayout } from "@/components/layout/section-layout";

export default sectionLayout("Eventos", [
  { href: "/events/following", label: "Eventos que sigo" },
  { href: "/events/mine", label: "Mis eventos" },
  { href: "/events/create", label: "Crear evento" },
]);
