import { useCallback, useEffect, useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import { trackBodyFromForm, type TrackBody } from '../../../lib/forms.ts';
import { newSubmissionId, onResent, submit, watchOutbox, type SubmitIssue } from '../../../lib/outbox.ts';

/** Where a form stands: nothing sent yet, on its way, accepted by the server, or kept to resend. */
export type FormState = 'idle' | 'sending' | 'sent' | 'not-sent';

/** One field to fix: its control's name and id (for the summary's link), its label and the message. */
export type FieldError = { name: string; id: string; label: string; message: string };

type Options = {
  /** Runs in the submit itself, once the form is valid (e.g. to open the payment tab, which needs the click). */
  onValid?: (body: TrackBody) => void;
  /**
   * Runs after the server accepted the form (also when a kept submission is sent later, then with the checkout
   * address a gift form was given).
   */
  onSent?: (body: TrackBody, checkoutUrl?: string) => void;
  /**
   * The browser itself posts a valid form to its `action` (the payment forms: a new tab, which only a real submit
   * opens with JavaScript on or off); the kit checks the fields first and clears the form once it has gone. Offline,
   * where that tab could only show an error, the form is kept and sent as any other; once it arrives, the checkout
   * address it was given is offered as a link ({@link TrackFormKit.checkoutUrl}).
   */
  native?: boolean;
};

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isControl = (element: unknown): element is Control =>
  element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;

/** The visible name of a control: its label, or its group's legend for checkboxes and radios, without the `*`. */
function labelOf(control: Control): string {
  const group = control.type === 'radio' || control.type === 'checkbox' ? control.closest('fieldset') : null;
  const text = group?.querySelector('legend')?.textContent ?? control.labels?.[0]?.textContent ?? control.name;
  return text.replace(/\s*\*\s*$/, '').trim();
}

function fieldError(control: Control, message: string): FieldError {
  return { name: control.name, id: control.id, label: labelOf(control), message };
}

/** Every control the browser's own checks refuse (required, type, min…), one per name. */
function invalidFields(form: HTMLFormElement): FieldError[] {
  const errors = new Map<string, FieldError>();
  for (const element of form.elements) {
    if (!isControl(element) || !element.willValidate || element.validity.valid || errors.has(element.name)) continue;
    errors.set(element.name, fieldError(element, element.validationMessage));
  }
  return [...errors.values()];
}

/** The server's issues, tied to the form's controls where their names match. */
function serverErrors(form: HTMLFormElement, issues: SubmitIssue[]): FieldError[] {
  return issues.map((issue) => {
    const name = issue.path.replace(/^payload\./, '').split('.')[0] ?? '';
    const control = form.elements.namedItem(name);
    const first = control instanceof RadioNodeList ? control[0] : control;
    return isControl(first) ? fieldError(first, issue.message) : { name, id: '', label: '', message: issue.message };
  });
}

/**
 * The one submit flow of every public form: read the fields from the page (so whatever was typed before the
 * island woke up counts), check them, send them, and say what happened. Success shows only once the server
 * accepted; offline, 429 and 5xx keep the values on screen and the submission in the outbox, which resends it
 * exactly once when the connection returns. Before hydration the same `<form>` posts natively.
 */
export function useTrackForm({ onValid, onSent, native = false }: Options = {}) {
  const form = useRef<HTMLFormElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FormState>('idle');
  const [errors, setErrors] = useState<FieldError[]>([]);
  // Where a gift form kept offline goes on to pay, once it has been sent.
  const [checkoutUrl, setCheckoutUrl] = useState<string | undefined>(undefined);
  // The id of the submission waiting in the outbox: submitting again replaces it rather than adding another.
  const pending = useRef<{ id: string; body: TrackBody } | undefined>(undefined);
  const callbacks = useRef({ onValid, onSent });
  callbacks.current = { onValid, onSent };

  const accepted = useCallback((body: TrackBody, checkout?: string) => {
    pending.current = undefined;
    setCheckoutUrl(checkout);
    setState('sent');
    setErrors([]);
    form.current?.reset();
    callbacks.current.onSent?.(body, checkout);
  }, []);

  useEffect(() => {
    // Our summary replaces the browser's bubbles once the script runs; without it the browser checks natively.
    if (form.current) form.current.noValidate = true;
    watchOutbox();
    return onResent(({ submissionId, checkoutUrl: checkout }) => {
      if (pending.current?.id === submissionId) accepted(pending.current.body, checkout);
    });
  }, [accepted]);

  useEffect(() => {
    if (errors.length > 0) summary.current?.focus();
  }, [errors]);

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    const element = event.currentTarget;
    const invalid = invalidFields(element);
    setErrors(invalid);
    // Offline, the new tab of a native form could only show the browser's error: it is kept and sent as any other.
    if (native && invalid.length === 0 && navigator.onLine) {
      const body = trackBodyFromForm(new FormData(element));
      callbacks.current.onValid?.(body);
      // The browser reads the fields once this handler returns; clear them after that.
      setTimeout(() => accepted(body));
      return;
    }
    event.preventDefault();
    if (invalid.length > 0) return;
    const id = pending.current?.id ?? newSubmissionId();
    const body = { ...trackBodyFromForm(new FormData(element)), submissionId: id };
    callbacks.current.onValid?.(body);
    setState('sending');
    const result = await submit(body);
    if (result.status === 'sent') accepted(body, result.checkoutUrl);
    else if (result.status === 'invalid') {
      pending.current = undefined;
      setState('idle');
      setErrors(serverErrors(element, result.issues));
    } else {
      pending.current = { id, body };
      setState('not-sent');
    }
  };

  /** Drops a field's message as soon as it is fixed. */
  const onInput = (event: InputEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!isControl(target) || !target.validity.valid) return;
    setErrors((current) =>
      current.some((e) => e.name === target.name) ? current.filter((e) => e.name !== target.name) : current,
    );
  };

  /** Back to a fresh form (e.g. when a dialog is cancelled after the form was sent). */
  const clear = useCallback(() => {
    setErrors([]);
    setCheckoutUrl(undefined);
    setState((current) => (current === 'sent' ? 'idle' : current));
  }, []);

  return {
    form,
    summary,
    state,
    errors,
    checkoutUrl,
    onSubmit: (event: SubmitEvent<HTMLFormElement>) => void onSubmit(event),
    onInput,
    clear,
  };
}

/** What a form island gets from {@link useTrackForm}. */
export type TrackFormKit = ReturnType<typeof useTrackForm>;
