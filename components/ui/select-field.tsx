import type { ReactNode, SelectHTMLAttributes } from "react";
import { FieldFrame, type FieldText } from "./field-frame";

/** A labelled select; the hint and error are tied to it for screen readers. */
export function SelectField({
  label,
  hint,
  error,
  "aria-describedby": describedBy,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & FieldText & { children: ReactNode }) {
  return (
    <FieldFrame label={label} hint={hint} error={error} describedBy={describedBy}>
      {(control) => (
        <select className="field__input" {...control} {...select}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
