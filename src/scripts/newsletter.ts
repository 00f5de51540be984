/**
 * The footer's newsletter form without React: the same flow as the form kit's islands (src/islands/shared/form), on
 * the plain form of src/components/layout/NewsletterForm.astro. The address is checked, sent through the outbox, and
 * the button reads 'Check your inbox' (with the success text announced) only once the server accepted it; a refused
 * address gets the error summary and its message beside the field; offline, 429 and 5xx keep the address on screen
 * and the submission in the outbox, which resends it when the connection returns.
 */
import { trackBodyFromForm, type TrackBody } from '../lib/forms.ts';
import { newSubmissionId, onResent, submit, watchOutbox, type SubmitIssue } from '../lib/outbox.ts';

type State = 'idle' | 'sending' | 'sent' | 'not-sent';

/** Takes over the submit of the newsletter `form`; it posts natively until this has run. */
export function enhanceNewsletter(form: HTMLFormElement): void {
  const field = form.querySelector<HTMLInputElement>('input[name="email"]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  const summary = form.querySelector<HTMLElement>('.error-summary');
  const status = form.querySelector<HTMLElement>('.form-status');
  const announcement = form.querySelector<HTMLElement>('[data-success-status]');
  if (!field || !button || !summary || !status || !announcement) return;
  const success = form.dataset['success'] ?? '';
  // The words of the page's language, written on the form by NewsletterForm.astro.
  const words = (name: string) => form.dataset[name] ?? '';
  const label = (form.querySelector(`label[for="${field.id}"]`)?.textContent ?? field.name).replace(/\s*\*\s*$/, '');
  // The submission waiting in the outbox: sending again replaces it rather than adding another.
  let pending: { id: string; body: TrackBody } | undefined;

  const show = (state: State) => {
    status.dataset['state'] = state;
    status.textContent = state === 'not-sent' ? words('notSent') : '';
    announcement.textContent = state === 'sent' ? success : '';
    button.disabled = state === 'sending';
    button.textContent = state === 'sent' ? words('sentLabel') : words('subscribeLabel');
  };

  /** Shows `message` for the field (or, with no field to point at, in the summary only); none clears them. */
  const showError = (message?: string, onField = true) => {
    const errorId = `${field.id}-error`;
    form.querySelector(`#${CSS.escape(errorId)}`)?.remove();
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
    summary.replaceChildren();
    if (message === undefined) return;
    const title = document.createElement('h3');
    title.className = 'error-summary__title';
    title.textContent = words('problem');
    const item = document.createElement('li');
    if (onField) {
      const link = document.createElement('a');
      link.href = `#${field.id}`;
      link.textContent = `${label}: ${message}`;
      item.append(link);
      const paragraph = document.createElement('p');
      paragraph.className = 'field__error';
      paragraph.id = errorId;
      paragraph.textContent = message;
      field.after(paragraph);
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', errorId);
    } else item.textContent = message;
    const list = document.createElement('ul');
    list.className = 'error-summary__list';
    list.append(item);
    summary.append(title, list);
    summary.focus();
  };

  const accepted = () => {
    pending = undefined;
    showError();
    form.reset();
    show('sent');
  };

  const refused = (issues: SubmitIssue[]) => {
    const issue = issues.find((each) => each.path.replace(/^payload\./, '') === field.name) ?? issues[0];
    showError(issue?.message ?? words('checkForm'), issue?.path.replace(/^payload\./, '') === field.name);
    show('idle');
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (!field.validity.valid) {
      showError(field.validationMessage);
      return;
    }
    const id = pending?.id ?? newSubmissionId();
    const body = { ...trackBodyFromForm(new FormData(form)), submissionId: id };
    show('sending');
    void submit(body).then((result) => {
      if (result.status === 'sent') accepted();
      else if (result.status === 'invalid') {
        pending = undefined;
        refused(result.issues);
      } else {
        pending = { id, body };
        show('not-sent');
      }
    });
  });

  // A fixed address drops its message at once.
  field.addEventListener('input', () => {
    if (field.validity.valid && field.hasAttribute('aria-invalid')) showError();
  });

  onResent(({ submissionId }) => {
    if (pending?.id === submissionId) accepted();
  });
  watchOutbox();
  // The summary above replaces the browser's bubbles; without this script the browser checks natively.
  form.noValidate = true;
  form.dataset['enhanced'] = '';
}
