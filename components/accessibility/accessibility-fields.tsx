"use client";

import { ACCESSIBILITY_FEATURES, ACCESSIBILITY_NOTE_MAX, type AccessibilityFeature } from "@/lib/schemas/accessibility";
import { ACCESSIBILITY_FEATURE_TEXT } from "@/lib/format/labels";
import { Checkbox, Fieldset } from "@/components/content/fields";
import { TextAreaField } from "@/components/ui/text-area-field";
import styles from "@/components/content/fields.module.css";

export interface AccessibilityValue {
  accessibilityFeatures: AccessibilityFeature[];
  accessibility: string;
}

/** The accessibility group of the event and place forms: one checkbox per feature and a note. */
export function AccessibilityFields({
  value,
  onChange,
  err,
}: {
  value: AccessibilityValue;
  onChange: (value: Partial<AccessibilityValue>) => void;
  err: (key: string) => string | null;
}) {
  const toggle = (feature: AccessibilityFeature, on: boolean) => {
    const chosen = new Set(value.accessibilityFeatures);
    if (on) chosen.add(feature);
    else chosen.delete(feature);
    onChange({ accessibilityFeatures: ACCESSIBILITY_FEATURES.filter((f) => chosen.has(f)) });
  };
  const featuresError = err("accessibilityFeatures");
  return (
    <Fieldset legend="Accesibilidad">
      <p className="field__hint">Marca solo lo que la gente encontrará al llegar.</p>
      <div className={styles.radios}>
        {ACCESSIBILITY_FEATURES.map((feature) => (
          <Checkbox
            key={feature}
            label={ACCESSIBILITY_FEATURE_TEXT[feature]}
            checked={value.accessibilityFeatures.includes(feature)}
            onChange={(e) => toggle(feature, e.target.checked)}
          />
        ))}
      </div>
      {featuresError ? <p className="field__error">{featuresError}</p> : null}
      <TextAreaField
        label="Nota de accesibilidad"
        value={value.accessibility}
        onChange={(e) => onChange({ accessibility: e.target.value })}
        error={err("accessibility")}
        hint={`Opcional. Detalles que ayuden a planear la visita: dónde está la rampa, cómo pedir apoyo… Hasta ${ACCESSIBILITY_NOTE_MAX} caracteres.`}
        rows={3}
        maxLength={ACCESSIBILITY_NOTE_MAX}
      />
    </Fieldset>
  );
}
