import Link from "@/components/ui/link";
import { brand, buildId } from "@/lib/config";
import styles from "./app-footer.module.css";

export function AppFooter() {
  return (
    <footer className={styles.footer}>
      <ul className={styles.links}>
        <li>
          <Link href="/privacyPolicy/">Política de privacidad</Link>
        </li>
        <li>
          <Link href="/termsAndConditions/">Términos y condiciones</Link>
        </li>
        <li>
          <Link href="/moderation/">Registro de moderación</Link>
        </li>
      </ul>
      <p className={styles.version}>
        {brand.name} · <span data-testid="build-id">Versión {buildId}</span>
      </p>
    </footer>
  );
}
