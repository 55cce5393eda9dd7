import type { TextareaHTMLAttributes } from "react";
import { FieldFrame, type FieldText } from "./field-frame";

/** A labelled multi-line input; the hint and error are tied to it for screen readers. */
export function TextAreaField({ label, hint, error, "aria-describedby": describedBy, ...textarea }: TextareaHTMLAttributes<HTMLTextAreaElement> & FieldText) {
  return (
    <FieldFrame label={label} hint={hint} error={error} describedBy={describedBy}>
      {(control) => <textarea className="field__input" rows={4} {...control} {...textarea} />}
    </FieldFrame>
  );
}
