import Link from "next/link";
import { brand, buildId } from "@/lib/config";

export function AppFooter() {
  return (
    <footer className="app-footer">
      <ul className="app-footer__links">
        <li>
          <Link href="/privacyPolicy/">Política de privacidad</Link>
        </li>
        <li>
          <Link href="/termsAndConditions/">Términos y condiciones</Link>
        </li>
      </ul>
      <p className="app-footer__version">
        {brand.name} · <span data-testid="build-id">Versión {buildId}</span>
      </p>
    </footer>
  );
}
