"use client";

import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import styles from "./fields.module.css";

// The grouping pieces of the content forms. Text, text area and select fields are the app's one
// field set (components/ui/field-frame.tsx).

export function Checkbox({ label, ...input }: InputHTMLAttributes<HTMLInputElement> & { label: string }) {
  const id = useId();
  return (
    <div className={styles.check}>
      <input id={id} type="checkbox" {...input} />
      <label htmlFor={id}>{label}</label>
    </div>
  );
}

export function Fieldset({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className={styles.fieldset}>
      <legend>{legend}</legend>
      {children}
    </fieldset>
  );
}
