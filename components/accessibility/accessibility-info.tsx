import type { Accessibility } from "@/lib/schemas/accessibility";
import { ACCESSIBILITY_FEATURE_TEXT } from "@/lib/format/labels";
import detailStyles from "@/components/content/detail.module.css";
import { AccessibilityIcon } from "./accessibility-icon";
import styles from "./accessibility-info.module.css";

export const NO_ACCESSIBILITY_DATA = "El organizador no ha indicado datos de accesibilidad.";

/**
 * The "Accesibilidad" section of an event's or a place's page: the declared features as a list
 * (icon plus text, the icon hidden from assistive technology) and the organiser's note.
 */
export function AccessibilityInfo({ item, headingId }: { item: Accessibility; headingId: string }) {
  const features = item.accessibilityFeatures ?? [];
  return (
    <section className={detailStyles.section} aria-labelledby={headingId}>
      <h2 id={headingId}>Accesibilidad</h2>
      {features.length > 0 ? (
        <ul className={styles.list} aria-labelledby={headingId}>
          {features.map((feature) => (
            <li key={feature} className={styles.item}>
              <AccessibilityIcon feature={feature} />
              <span>{ACCESSIBILITY_FEATURE_TEXT[feature]}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {item.accessibility ? <p className={detailStyles.text}>{item.accessibility}</p> : null}
      {features.length === 0 && !item.accessibility ? <p>{NO_ACCESSIBILITY_DATA}</p> : null}
    </section>
  );
}
