import { useId, type HTMLInputTypeAttribute } from 'react';
import { useFieldError } from './context.ts';

/** A choice of a select: its value, shown as is, or with its own label. */
export type Option = string | { value: string; label: string };

type Props = {
  /** Field name, as the schema in src/schemas/track.ts calls it. */
  name: string;
  label: string;
  /** Required fields get ` *` after the label and the browser's `required` check. */
  required?: boolean;
  /** Short help under the control, read as its description. */
  hint?: string;
  /** The kind of control; an input by default. */
  as?: 'input' | 'textarea' | 'select';
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
  inputMode?: 'numeric' | 'decimal' | 'tel' | 'email' | 'text';
  min?: number;
  max?: number;
  step?: number | string;
  rows?: number;
  multiple?: boolean;
  placeholder?: string;
  /** Value the page starts with (and a reset returns to). */
  defaultValue?: string | readonly string[];
  /** A select's choices. */
  options?: readonly Option[];
  /** A select's first, empty choice (e.g. "Select your year", "No preference"). */
  prompt?: string;
};

/**
 * A labelled control of the form kit: hint and error message below it, `aria-invalid` and `aria-describedby`
 * set while the form's check or the server refuses it. Uncontrolled: the page holds the value, so nothing typed
 * before hydration is lost, and the form posts natively without JavaScript.
 */
export default function Field({
  name,
  label,
  required = false,
  hint,
  as = 'input',
  options = [],
  prompt,
  ...rest
}: Props) {
  const id = useId();
  const error = useFieldError(name);
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const common = {
    id,
    name,
    required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
  const { defaultValue, rows, multiple, ...input } = rest;

  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && ' *'}
      </label>
      {as === 'textarea' ? (
        <textarea {...common} rows={rows ?? 4} placeholder={input.placeholder} defaultValue={defaultValue} />
      ) : as === 'select' ? (
        <select {...common} multiple={multiple} defaultValue={defaultValue ?? (multiple ? [] : '')}>
          {prompt !== undefined && <option value="">{prompt}</option>}
          {options.map((option) => {
            const { value, label: text } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      ) : (
        <input {...common} {...input} defaultValue={defaultValue} />
      )}
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
