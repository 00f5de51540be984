import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { formatMoney } from '../lib/money.ts';
import { giftActionRefusal, type GiftAction } from '../schemas/gifts.ts';
import { ApiError } from './api.ts';
import { assignGift, confirmPaypalGift, refundGift } from './gifts-api.ts';
import { humanizeKey } from './lib/details.ts';
import { text } from './lib/format.ts';
import type { Row } from './lib/list.ts';
import { reloadResource } from './stores/data.ts';
import { notify } from './stores/toast.ts';
import { giftAmount, receiptLabel } from './giftColumns.tsx';
import { CauseField, DonorFields, ReceivedOnField } from './GiftForms.tsx';

export type { GiftAction };

const SUBMIT_LABELS: Readonly<Record<GiftAction, string>> = {
  refund: 'Mark refunded',
  confirm: 'Confirm gift',
  assign: 'Assign and receipt',
};

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

/** The title of each action's form. */
function titleOf(action: GiftAction, row: Row, who: string): string {
  if (action === 'refund') return `Mark gift ${receiptLabel(row)} from ${who} refunded`;
  if (action === 'confirm') return `Confirm PayPal gift of ${giftAmount(row)} from ${who}`;
  return `Assign the payment of ${giftAmount(row)} (${text(row['reference'])})`;
}

/**
 * The form of one gift action: a refund with its reason (and amount when only part was refunded), the
 * confirmation of a PayPal gift with PayPal's transaction id from its notification, or the assignment of an
 * unmatched payment to a donor and a cause or a child, after which it is receipted.
 */
export default function GiftActionForm({ action, row, onClose }: Props) {
  const id = useId();
  const first = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => first.current?.focus(), [action, row.id]);

  const who = text(row['donor_name']) || 'an anonymous donor';
  const title = titleOf(action, row, who);

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
      } else if (action === 'confirm') {
        const gift = await confirmPaypalGift(row.id, value('transactionId'), value('receivedAt') || undefined);
        notify(`PayPal gift confirmed, receipt ${receiptLabel(gift)}`);
      } else {
        const childId = value('childId');
        const gift = await assignGift(row.id, {
          ...(childId ? { childId } : { cause: value('cause') }),
          donorName: value('donorName'),
          donorEmail: value('donorEmail'),
          ...(value('note') ? { note: value('note') } : {}),
        });
        notify(`Gift assigned, receipt ${receiptLabel(gift)}`);
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
      ) : action === 'assign' ? (
        <>
          <p className="field__hint">{text(row['note'])}</p>
          <div className="form__row">
            <CauseField id={`${id}-cause`} />
            <div className="field">
              <label htmlFor={`${id}-child`}>Or the child sponsored (id)</label>
              <input id={`${id}-child`} name="childId" aria-describedby={`${id}-child-hint`} />
              <p id={`${id}-child-hint`} className="field__hint">
                A child given here is sponsored; the cause is then left aside.
              </p>
            </div>
          </div>
          <DonorFields id={id} name={text(row['donor_name'])} email={text(row['donor_email'])} nameRef={first} />
          <div className="field">
            <label htmlFor={`${id}-note`}>Note (the event, who took it…)</label>
            <input id={`${id}-note`} name="note" maxLength={500} />
          </div>
        </>
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
          {SUBMIT_LABELS[action]}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
