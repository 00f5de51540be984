import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { formatMoney } from '../lib/money.ts';
import { giftActionRefusal, type GiftAction } from '../schemas/gifts.ts';
import { ApiError, confirmPaypalGift, refundGift } from './api.ts';
import { humanizeKey } from './lib/details.ts';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import { reloadResource } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import { giftAmount, receiptLabel } from './giftColumns.tsx';
import { ReceivedOnField } from './GiftForms.tsx';

export type { GiftAction };

type Props = {
  readonly action: GiftAction;
  readonly row: Row;
  /** Called when the form is done with (saved or cancelled). */
  readonly onClose: () => void;
};

/** Whether staff may take `action` on a gift (the server checks the same rule). */
export function allowsGiftAction(action: GiftAction, row: Row): boolean {
  return giftActionRefusal(action, { provider: row['provider'], state: row['state'] }) === null;
}

/**
 * The form of one gift action: a refund with its reason (and amount when only part was refunded), or the
 * confirmation of a PayPal gift with PayPal's transaction id from its notification.
 */
export default function GiftActionForm({ action, row, onClose }: Props) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => first.current?.focus(), [action, row.id]);

  const who = text(row['donor_name']) || 'an anonymous donor';
  const title =
    action === 'refund'
      ? `Mark gift ${receiptLabel(row)} from ${who} refunded`
      : `Confirm PayPal gift of ${giftAmount(row)} from ${who}`;

  async function onSubmit(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const value = (name: string) => {
      const given = fields.get(name);
      return typeof given === 'string' ? given.trim() : '';
    };
    setBusy(true);
    try {
      if (action === 'refund') {
        const amount = value('amount');
        const gift = await refundGift(row.id, value('reason'), amount ? Number(amount) : undefined);
        notify(gift['state'] === 'refunded' ? 'Gift marked refunded' : 'Partial refund recorded');
      } else {
        const gift = await confirmPaypalGift(row.id, value('transactionId'), value('receivedAt') || undefined);
        notify(`PayPal gift confirmed, receipt ${receiptLabel(gift)}`);
      }
      await reloadResource('gifts');
      onClose();
    } catch (failure) {
      setError(
        failure instanceof ApiError
          ? [failure.message, ...failure.issues.map((issue) => `${humanizeKey(issue.path)}: ${issue.message}`)].join(
              ' ',
            )
          : 'Could not save the change.',
      );
    } finally {
      setBusy(false);
    }
  }

  const left = Number(row['amount_subunits']) - Number(row['refunded_subunits'] ?? 0);
  return (
    <form className="form gift-action" aria-labelledby={`${id}-title`} onSubmit={(event) => void onSubmit(event)}>
      <h3 id={`${id}-title`}>{title}</h3>
      {error && <p role="alert">{error}</p>}
      {action === 'refund' ? (
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <input id={`${id}-reason`} name="reason" ref={first} required minLength={3} maxLength={500} />
          </div>
          <div className="field">
            <label htmlFor={`${id}-amount`}>Amount refunded ({text(row['currency'])})</label>
            <input
              id={`${id}-amount`}
              name="amount"
              type="number"
              min="0.01"
              step="0.01"
              aria-describedby={`${id}-left`}
            />
            <p id={`${id}-left`} className="field__hint">
              Leave empty for all that is left: {formatMoney(left, text(row['currency']))}.
            </p>
          </div>
        </div>
      ) : (
        <div className="form__row">
          <div className="field">
            <label htmlFor={`${id}-txn`}>PayPal transaction id</label>
            <input id={`${id}-txn`} name="transactionId" ref={first} required aria-describedby={`${id}-ref`} />
            <p id={`${id}-ref`} className="field__hint">
              PayPal&apos;s notification names our reference {text(row['reference'])} as the item number.
            </p>
          </div>
          <ReceivedOnField id={`${id}-date`} />
        </div>
      )}
      <div className="button-row">
        <button type="submit" className="button" disabled={busy}>
          {action === 'refund' ? 'Mark refunded' : 'Confirm gift'}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
