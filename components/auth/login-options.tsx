import Link from "@/components/ui/link";
import { ButtonLink } from "@/components/ui/button";
import { SocialSignIn } from "./social-sign-in";
import styles from "./auth.module.css";

/** /login (docs/product.md#routes): choose how to sign in (email, Google or Apple) or create an account. */
export function LoginOptions() {
  return (
    <div className={`stack ${styles.options}`}>
      <p>Inicia sesión para seguir eventos, lugares, noticias y comunidades, y recibir notificaciones.</p>
      <div className="actions">
        <ButtonLink href="/login-email/">Continuar con correo</ButtonLink>
      </div>
      <SocialSignIn />
      <p>
        ¿No tienes cuenta? <Link href="/register/">Crea una</Link>
      </p>
    </div>
  );
}
