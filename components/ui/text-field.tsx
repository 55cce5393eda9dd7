import type { InputHTMLAttributes } from "react";
import { FieldFrame, type FieldText } from "./field-frame";

/** A labelled input; the hint and error are tied to it for screen readers. */
export function TextField({ label, hint, error, "aria-describedby": describedBy, ...input }: InputHTMLAttributes<HTMLInputElement> & FieldText) {
  return (
    <FieldFrame label={label} hint={hint} error={error} describedBy={describedBy}>
      {(control) => <input className="field__input" {...control} {...input} />}
    </FieldFrame>
  );
}
