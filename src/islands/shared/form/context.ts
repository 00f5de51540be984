import { createContext, useContext } from 'react';
import type { FieldError } from './useTrackForm.ts';

/** The errors of the enclosing form, for its fields. */
export const FormErrors = createContext<readonly FieldError[]>([]);

/** The message for the control named `name`, if it has one. */
export function useFieldError(name: string): string | undefined {
  return useContext(FormErrors).find((error) => error.name === name)?.message;
}
