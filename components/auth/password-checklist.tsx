import { PASSWORD_POLICY, checkPassword, policyRequirements, requirementLabel, type PasswordPolicy } from "@/lib/auth/password-policy";
import styles from "./auth.module.css";

/** The password policy as a live checklist under a new-password field. */
export function PasswordChecklist({ id, password, policy = PASSWORD_POLICY }: { id?: string; password: string; policy?: PasswordPolicy }) {
  const missing = new Set(checkPassword(password, policy).missing);
  return (
    <ul id={id} className={styles.checklist} aria-label="Requisitos de la contraseña">
      {policyRequirements(policy).map((requirement) => {
        const met = password !== "" && !missing.has(requirement);
        const label = requirementLabel(requirement, policy);
        return (
          <li key={requirement} className={met ? styles.met : undefined}>
            <span aria-hidden="true">{met ? "✓" : "•"}</span> {label.charAt(0).toUpperCase() + label.slice(1)}
            <span className="visually-hidden">{met ? " (cumplido)" : " (pendiente)"}</span>
          </li>
        );
      })}
    </ul>
  );
}
