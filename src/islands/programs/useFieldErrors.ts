import { useCallback, useId, useState, type ChangeEvent, type SyntheticEvent } from 'react';

/** Attributes that tie a field to its error message. */
type ErrorProps = {
  onInvalid: (event: SyntheticEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

/**
 * The browser's own required and type checks, made audible: when a submit is refused each invalid field gets
 * `aria-invalid` and its browser message as a description, and a live summary names the fields to fix.
 * A field's message goes away as soon as it becomes valid.
 */
export function useFieldErrors(labels: Record<string, string>) {
  const prefix = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const errorId = (name: string) => `${prefix}-${name}-error`;

  /** Props for the control named `name`; `hintId` is the id of its hint, if it has one. */
  const fieldProps = (name: string, hintId?: string): ErrorProps => {
    const message = errors[name];
    const describedBy = [hintId, message ? errorId(name) : undefined].filter(Boolean).join(' ');
    return {
      onInvalid: (event) => {
        const { validationMessage } = event.currentTarget;
        setErrors((current) => ({ ...current, [name]: validationMessage }));
      },
      ...(message ? { 'aria-invalid': true as const } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
  };

  /** Re-checks the field that changed, so a fixed field loses its message. */
  const onChange = useCallback((event: ChangeEvent<HTMLFormElement>) => {
    const field: EventTarget = event.target;
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLSelectElement ||
      field instanceof HTMLTextAreaElement
    ))
      return;
    if (!field.validity.valid) return;
    setErrors((current) => {
      if (!(field.name in current)) return current;
      const { [field.name]: _fixed, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback(() => setErrors({}), []);

  const invalidNames = Object.keys(labels).filter((name) => errors[name]);
  const summary =
    invalidNames.length === 0
      ? ''
      : `Please check ${invalidNames.length === 1 ? 'this field' : `these ${invalidNames.length} fields`}: ${invalidNames
          .map((name) => labels[name])
          .join(', ')}.`;

  return { errors, errorId, fieldProps, onChange, reset, summary };
}
