import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** What a personal page shows to someone signed out. */
export function SignInNotice({ what }: { what: string }) {
  return (
    <EmptyState title={`Inicia sesión para ${what}.`} hint={null}>
      <div className="actions" style={{ justifyContent: "center", marginTop: "0.75rem" }}>
        <ButtonLink href="/login/">Iniciar sesión</ButtonLink>
        <ButtonLink href="/register/" variant="secondary">
          Crear cuenta
        </ButtonLink>
      </div>
    </EmptyState>
  );
}
