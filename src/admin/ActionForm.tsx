import { useId, useState, type SubmitEvent } from 'react';
import { ApiError } from './api.ts';
import FormField from './FormField.tsx';

/** The problems of a refused call, in one sentence. */
export function problem(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.issues.map((issue) => issue.message).join(' ');
    return details || error.message;
  }
  return error instanceof Error ? error.message : 'Something went wrong';
}

/** A small form of labelled fields that posts to one of the child's endpoints. */
export default function ActionForm(props: {
  readonly title: string;
  readonly fields: readonly {
    name: string;
    label: string;
    kind: 'text' | 'textarea' | 'date' | 'number' | 'select' | 'checks';
    options?: readonly (readonly [string, string])[];
    required?: boolean;
    hint?: string;
  }[];
  readonly initial: Record<string, string>;
  readonly submit: string;
  readonly onSubmit: (values: Record<string, string>) => Promise<void>;
}) {
  const formId = useId();
  const [form, setForm] = useState(props.initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function send(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await props.onSubmit(form);
      setForm(props.initial);
    } catch (failure) {
      setError(problem(failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="child-action"
      onSubmit={(event) => void send(event)}
      noValidate
      aria-labelledby={`${formId}-title`}
    >
      <h5 id={`${formId}-title`}>{props.title}</h5>
      {props.fields.map((field) => (
        <FormField
          key={field.name}
          id={`${formId}-${field.name}`}
          name={field.name}
          label={field.label}
          kind={field.kind}
          value={form[field.name] ?? ''}
          onChange={(value) => setForm((current) => ({ ...current, [field.name]: value }))}
          {...(field.options ? { options: field.options } : {})}
          {...(field.required ? { required: true } : {})}
          {...(field.hint ? { hint: field.hint } : {})}
        />
      ))}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Saving...' : props.submit}
      </button>
    </form>
  );
}
