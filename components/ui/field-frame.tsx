import { useId, type ReactNode } from "react";

/** What every labelled control takes besides its own attributes. */
export interface FieldText {
  label: string;
  hint?: string;
  error?: string | null;
}

/** What the frame hands to its control: the id the label points at, and its descriptions. */
export interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/**
 * The one frame of a form control: a label, then the control, then its hint and its error. The
 * hint and the error are tied to the control (aria-describedby) so a screen reader reads them
 * with it, and an error marks it invalid (aria-invalid), which is also what focusFirstInvalid
 * looks for after a failed submit. `describedBy` adds a description from elsewhere (a password
 * checklist); `after` shows what follows the messages (an image preview).
 */
export function FieldFrame({
  label,
  hint,
  error,
  describedBy,
  after,
  children,
}: FieldText & { describedBy?: string; after?: ReactNode; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId, describedBy].filter(Boolean).join(" ") || undefined,
      })}
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field__error">
          {error}
        </p>
      ) : null}
      {after}
    </div>
  );
}
