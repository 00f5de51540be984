import type { ReactNode } from 'react';

type Props = {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  /** checks: a group of checkboxes whose value is the checked options, comma-separated. */
  readonly kind: 'text' | 'textarea' | 'url' | 'meta' | 'select' | 'date' | 'number' | 'checks';
  readonly value: string;
  /** Choices of a select, as [value, label]. */
  readonly options?: readonly (readonly [string, string])[];
  readonly onChange: (value: string) => void;
  readonly required?: boolean;
  readonly rows?: number;
  readonly hint?: string;
  /** A problem that stops saving, from the shared schema or the server. */
  readonly error?: string;
  /** Something to know before saving that does not stop it. */
  readonly warning?: string;
  readonly fieldRef?: (element: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement | null) => void;
  /** Shown under the control, e.g. an upload button. */
  readonly extra?: ReactNode;
};

/** A labelled input or text area with its hint and any problem announced and tied to it (aria-describedby). */
export default function FormField(props: Props) {
  const { id, name, label, kind, value, onChange, required, rows, hint, error, warning, fieldRef, extra, options } =
    props;
  const describedBy = [hint && `${id}-hint`, warning && `${id}-warning`, error && `${id}-error`]
    .filter(Boolean)
    .join(' ');
  const shared = {
    id,
    name,
    value,
    ref: fieldRef,
    'aria-describedby': describedBy || undefined,
    'aria-invalid': error || warning ? true : undefined,
    'aria-required': required ? true : undefined,
  } as const;
  if (kind === 'checks') {
    const checked = new Set(value.split(',').filter(Boolean));
    const toggle = (option: string, on: boolean) => {
      const next = (options ?? [])
        .map(([optionValue]) => optionValue)
        .filter((o) => (o === option ? on : checked.has(o)));
      onChange(next.join(','));
    };
    return (
      <fieldset
        className={`field field--checks${error ? ' has-error' : ''}`}
        aria-describedby={describedBy || undefined}
        id={id}
      >
        <legend>
          {label}
          {required && <span className="required"> (required)</span>}
        </legend>
        {(options ?? []).map(([optionValue, optionLabel], index) => (
          <label key={optionValue} className="check">
            <input
              type="checkbox"
              name={name}
              value={optionValue}
              checked={checked.has(optionValue)}
              onChange={(event) => toggle(optionValue, event.target.checked)}
              {...(index === 0 && fieldRef ? { ref: fieldRef } : {})}
            />{' '}
            {optionLabel}
          </label>
        ))}
        {hint && (
          <p id={`${id}-hint`} className="hint">
            {hint}
          </p>
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </fieldset>
    );
  }
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span className="required"> (required)</span>}
      </label>
      {kind === 'select' ? (
        <select {...shared} onChange={(event) => onChange(event.target.value)}>
          {(options ?? []).map(([optionValue, optionLabel]) => (
            <option key={optionValue} value={optionValue}>
              {optionLabel}
            </option>
          ))}
        </select>
      ) : kind === 'textarea' || kind === 'meta' ? (
        <textarea
          {...shared}
          rows={rows ?? 4}
          spellCheck={kind !== 'meta'}
          className={kind === 'meta' ? 'mono' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          {...shared}
          type={kind === 'date' ? 'date' : 'text'}
          inputMode={kind === 'url' ? 'url' : kind === 'number' ? 'numeric' : undefined}
          spellCheck={kind !== 'url'}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {hint && (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      )}
      {warning && (
        <p id={`${id}-warning`} className="field-warning">
          {warning}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {extra}
    </div>
  );
}
