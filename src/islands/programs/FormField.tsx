import type { ReactNode } from 'react';

type Props = {
  /** Id of the control, for the label. */
  id: string;
  label: string;
  required?: boolean;
  /** Short help under the control; give the control `aria-describedby` with `hintId`. */
  hint?: string;
  hintId?: string;
  /** The browser's message when the field was refused. */
  error?: string | undefined;
  errorId: string;
  /** The input, select or textarea. */
  children: ReactNode;
};

/** A labelled form control with its hint and error message (the `.field` pattern of global.css). */
export default function FormField({ id, label, required = false, hint, hintId, error, errorId, children }: Props) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {children}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
