import type { ReactNode } from "react";
import { SectionNav, type SectionLink } from "./section-nav";

/**
 * The layout of a section with tabs (app/<section>/layout.tsx): `export default
 * sectionLayout("Eventos", links)`. Not a client module, so a server layout can call it.
 */
export function sectionLayout(label: string, links: readonly SectionLink[]) {
  return function SectionLayout({ children }: { children: ReactNode }) {
    return (
      <>
        <SectionNav label={label} links={links} />
        {children}
      </>
    );
  };
}
