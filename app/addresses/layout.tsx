import { sectionLayout } from "@/components/layout/section-layout";

export default sectionLayout("Direcciones", [
  { href: "/addresses/index", label: "Mis direcciones" },
  { href: "/addresses/create", label: "Agregar dirección" },
]);
