"use client";

import { useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { ACCESSIBILITY_FEATURES, type AccessibilityFeature } from "@/lib/schemas/accessibility";
import type { User } from "@/lib/schemas/users";
import { ACCESSIBILITY_FEATURE_TEXT } from "@/lib/format/labels";
import { errorMessage } from "@/lib/api/errors";
import { updateMyData } from "@/lib/api/account";
import { storeUser } from "@/lib/auth/user-state";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Checkbox, Fieldset } from "@/components/content/fields";
import fieldStyles from "@/components/content/fields.module.css";

/** The person's accessibility profile: which features matter to them; events that have them all are flagged. */
export function AccessibilityNeedsSettings({ user }: { user: User }) {
  const [needs, setNeeds] = useState<AccessibilityFeature[]>(user.accessibilityNeeds ?? []);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (accessibilityNeeds: AccessibilityFeature[]) => updateMyData({ accessibilityNeeds }),
    onSuccess: (updated) => {
      storeUser(updated);
      setSaved(true);
    },
  });

  const toggle = (feature: AccessibilityFeature, on: boolean) => {
    setSaved(false);
    setNeeds((current) => ACCESSIBILITY_FEATURES.filter((f) => (f === feature ? on : current.includes(f))));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    save.mutate(needs);
  }

  return (
    <section className="card stack" aria-labelledby="accessibility-needs-title">
      <h2 id="accessibility-needs-title">Mis necesidades de accesibilidad</h2>
      <p>Solo tú ves esta información. Los eventos que indiquen todo lo que marques llevarán la señal «Accesible para ti».</p>
      <form className="form" onSubmit={onSubmit} noValidate>
        <Fieldset legend="Lo que necesito">
          <div className={fieldStyles.radios}>
            {ACCESSIBILITY_FEATURES.map((feature) => (
              <Checkbox
                key={feature}
                label={ACCESSIBILITY_FEATURE_TEXT[feature]}
                checked={needs.includes(feature)}
                onChange={(e) => toggle(feature, e.target.checked)}
              />
            ))}
          </div>
        </Fieldset>
        <FormAlert message={save.isError ? errorMessage(save.error) : null} />
        {saved ? (
          <p role="status" className="notice">
            Guardamos tus necesidades de accesibilidad.
          </p>
        ) : null}
        <div className="actions">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? "Guardando..." : "Guardar necesidades"}
          </Button>
        </div>
      </form>
    </section>
  );
}
