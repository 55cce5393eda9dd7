import { ButtonLink } from "@/components/ui/button";

export function LoginOptions() {
  return (
    <div className="stack">
      <p>Inicia sesión para seguir eventos, lugares, noticias y comunidades, y recibir notificaciones.</p>
      <div className="actions">
        <ButtonLink href="/login-email/">Continuar con correo</ButtonLink>
        <ButtonLink href="/register/" variant="secondary">
          Crear cuenta
        </ButtonLink>
      </div>
      <p className="field__hint">El acceso con Google y Apple estará disponible pronto.</p>
    </div>
  );
}
