import { useId, useState, type Ref, type SubmitEvent } from 'react';
import { DONATION_CAUSES } from '../schemas/options.ts';
import { STAFF_GIFT_METHODS } from '../schemas/gifts.ts';
import { ApiError } from './api.ts';
import { recordGift, sendStatement } from './gifts-api.ts';
import { humanizeKey } from './lib/details.ts';
import { counted } from './lib/format.ts';
import { causeTitle } from '../lib/plain-names.ts';
import { reloadResource } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import { methodLabel, receiptLabel } from './giftColumns.tsx';

/** The form's fields without the empty ones. */
function filled(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of new FormData(form))
    if (typeof value === 'string' && value.trim() !== '') out[name] = value.trim();
  return out;
}

/** When the money arrived (`receivedAt`, a date; empty means today), in every form that records money. */
export function ReceivedOnField({ id }: { readonly id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Received on</label>
      <input id={id} name="receivedAt" type="date" />
    </div>
  );
}

/** The cause a gift supports (`cause`), "general" unless chosen. */
export function CauseField({ id }: { readonly id: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>Cause</label>
      <select id={id} name="cause" defaultValue="general">
        {DONATION_CAUSES.map((cause) => (
          <option key={cause} value={cause}>
            {causeTitle(cause)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Who gave a gift (`donorName`, `donorEmail`), blank for an anonymous donor or none to send the receipt to. */
export function DonorFields({
  id,
  name = '',
  email = '',
  nameRef,
}: {
  readonly id: string;
  readonly name?: string;
  readonly email?: string;
  readonly nameRef?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="form__row">
      <div className="field">
        <label htmlFor={`${id}-name`}>Donor&apos;s name (blank: anonymous)</label>
        <input id={`${id}-name`} name="donorName" ref={nameRef} maxLength={200} defaultValue={name} />
      </div>
      <div className="field">
        <label htmlFor={`${id}-email`}>Donor&apos;s email (for the receipt)</label>
        <input id={`${id}-email`} name="donorEmail" type="email" maxLength={254} defaultValue={email} />
      </div>
    </div>
  );
}

/** Staff record a gift made any other way (cash, bank transfer, cheque), and send a donor's yearly statement. */
export default function GiftForms() {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onRecord(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    setBusy(true);
    try {
      const gift = await recordGift(filled(form));
      notify(`Gift recorded, receipt ${receiptLabel(gift)}`);
      form.reset();
      setError(null);
      await reloadResource('gifts');
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? [failure.message, ...failure.issues.map((issue) => `${humanizeKey(issue.path)}: ${issue.message}`)].join(
              ' ',
            )
          : 'Could not record the gift.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function onStatement(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const fields = filled(event.currentTarget);
    try {
      const count = await sendStatement(fields['email'] ?? '', Number(fields['year']));
      notify(`Statement of ${counted(count, 'gifts')} queued for ${fields['email']}`);
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not send the statement.', 'error');
    }
  }

  return (
    <div className="gift-forms">
      <form className="form" aria-labelledby={`${id}-record`} onSubmit={(event) => void onRecord(event)}>
        <h3 id={`${id}-record`}>Record a gift made another way</h3>
        {error && <p role="alert">{error}</p>}
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount</label>
            <input id={`${id}-amount`} name="amount" type="number" min="0.01" step="0.01" required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-currency`}>Currency</label>
            <select id={`${id}-currency`} name="currency" defaultValue="KES">
              <option value="KES">KES</option>
              <option value="USD">USD</option>
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-method`}>Method</label>
            <select id={`${id}-method`} name="method" defaultValue="cash">
              {STAFF_GIFT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {methodLabel(method)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="form__row">
          <CauseField id={`${id}-cause`} />
          <div className="field">
            <label htmlFor={`${id}-child`}>Child sponsored (id, optional)</label>
            <input id={`${id}-child`} name="childId" />
          </div>
          <ReceivedOnField id={`${id}-date`} />
        </div>
        <DonorFields id={id} />
        <div className="field">
          <label htmlFor={`${id}-note`}>Note (cheque number, event…)</label>
          <input id={`${id}-note`} name="note" />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Record gift
        </button>
      </form>
      <form className="form" aria-labelledby={`${id}-statement`} onSubmit={(event) => void onStatement(event)}>
        <h3 id={`${id}-statement`}>Send a yearly statement</h3>
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-st-email`}>Donor's email</label>
            <input id={`${id}-st-email`} name="email" type="email" required />
          </div>
          <div className="field">
            <label htmlFor={`${id}-st-year`}>Year</label>
            <input
              id={`${id}-st-year`}
              name="year"
              type="number"
              min="2000"
              max="2100"
              defaultValue={new Date().getFullYear()}
              required
            />
          </div>
        </div>
        <button type="submit" className="button">
          Send statement
        </button>
      </form>
    </div>
  );
}
