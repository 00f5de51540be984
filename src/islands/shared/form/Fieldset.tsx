import { useId, type ReactNode } from 'react';
import { useFieldError } from './context.ts';

type Props = {
  /** Name the group's radios or checkboxes share. */
  name: string;
  legend: string;
  required?: boolean;
  className?: string;
  /** The group's radios or checkboxes, each inside its label. */
  children: ReactNode;
};

/** A group of radios or checkboxes of the form kit, with its error message read as the group's description. */
export default function Fieldset({ name, legend, required = false, className, children }: Props) {
  const id = useId();
  const error = useFieldError(name);
  return (
    <fieldset className={['field', className].filter(Boolean).join(' ')} aria-describedby={error ? id : undefined}>
      <legend>
        {legend}
        {required && ' *'}
      </legend>
      {children}
      {error && (
        <p className="field__error" id={id}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
