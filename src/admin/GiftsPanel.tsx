import { useEffect, useId, useMemo, useState } from 'react';
import { useStore } from '@nanostores/react';
import { GIFT_STATE_VALUES } from '../schemas/gifts.ts';
import { ApiError, type GiftSummary } from './api.ts';
import { fetchGiftSummary } from './gifts-api.ts';
import { text } from './lib/format.ts';
import { $lists, ensureLoaded, loadMore, reloadResource } from './stores/data.ts';
import { GIFT_COLUMNS, GIFT_CSV, GIFT_STATE_LABELS } from './giftColumns.tsx';
import GiftFigures from './GiftFigures.tsx';
import CommitmentsPanel from './CommitmentsPanel.tsx';
import DataTable from './DataTable.tsx';
import Fold from './Fold.tsx';
import GiftForms from './GiftForms.tsx';
import GiftActionForm, { allowsGiftAction, type GiftAction } from './GiftActionForm.tsx';
import type { Row } from './lib/list.ts';

type Props = { readonly label: string };

/** The button of each action a gift's row offers. */
const ACTION_LABELS: Readonly<Record<GiftAction, string>> = { assign: 'Assign', confirm: 'Confirm', refund: 'Refund' };

/**
 * Gifts: the ledger of every gift (pending, confirmed, failed, refunded, abandoned) with the totals of a period staff
 * choose by the day the money was received (GiftFigures.tsx, refunds left out), the monthly gifts and sponsorships (commitments), a donor's history, CSV export, a gift
 * recorded by hand, a refund of a gift that came outside Paystack, the confirmation of a PayPal gift, the assignment
 * of a payment that matched no gift (then receipted), and a donor's yearly statement. The list follows the live stream like every other tab.
 */
export default function GiftsPanel({ label }: Props) {
  const list = useStore($lists, { keys: ['gifts'] }).gifts;
  useEffect(() => ensureLoaded('gifts'), []);
  const [summary, setSummary] = useState<GiftSummary | null>(null);
  const [summaryError, setSummaryError] = useState<string | null>(null);
  const [period, setPeriod] = useState({ query: '' });
  const [state, setState] = useState('');
  const [donor, setDonor] = useState('');
  const [acting, setActing] = useState<{ action: GiftAction; row: Row } | null>(null);
  const stateId = useId();
  const donorId = useId();

  // The totals follow the list: each live change that reloads it reloads them too. An answer for a period chosen
  // before the last one is dropped.
  useEffect(() => {
    let current = true;
    fetchGiftSummary(period.query).then(
      (answer) => {
        if (!current) return;
        setSummary(answer);
        setSummaryError(null);
      },
      (error: unknown) => {
        if (!current) return;
        setSummaryError(
          error instanceof ApiError
            ? [error.message, ...error.issues.map((issue) => issue.message)].join(': ')
            : 'Could not load the totals.',
        );
      },
    );
    return () => {
      current = false;
    };
  }, [list.rows, period]);

  const shown = useMemo(() => {
    const email = donor.trim().toLowerCase();
    const rows = list.rows.filter(
      (row) => (!state || row['state'] === state) && (!email || text(row['donor_email']).toLowerCase() === email),
    );
    return { ...list, rows };
  }, [list, state, donor]);

  const connected = summary?.connected;

  return (
    <>
      <h2 className="panel-title">{label}</h2>
      {connected && !connected.paystack && (
        <p className="gift-notice" role="note">
          Payments are not connected: set PAYSTACK_SECRET_KEY (README, configuration). Gifts started on the site stay
          pending and visitors see the placeholder payment page.
        </p>
      )}
      {connected && !connected.mpesa && (
        <p className="gift-notice" role="note">
          M-Pesa Paybill gifts are not connected: set MPESA_PAYBILL and MPESA_C2B_PATH_SECRET to record them here.
        </p>
      )}
      {summaryError && <p role="alert">{summaryError}</p>}
      <Fold summary="Totals, monthly gifts and sponsorships">
        <GiftFigures summary={summary} onChoose={(query) => setPeriod({ query })} />
        <CommitmentsPanel reloadKey={list.rows} />
      </Fold>
      <div className="table-tools">
        <div className="field">
          <label htmlFor={stateId}>Show</label>
          <select id={stateId} value={state} onChange={(event) => setState(event.target.value)}>
            <option value="">All gifts</option>
            {GIFT_STATE_VALUES.map((key) => (
              <option key={key} value={key}>
                {GIFT_STATE_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={donorId}>Donor's history (email)</label>
          <input id={donorId} type="email" value={donor} onChange={(event) => setDonor(event.target.value)} />
        </div>
      </div>
      <DataTable
        caption={label}
        plural="gifts"
        list={shown}
        columns={GIFT_COLUMNS}
        csv={{ name: 'gifts', columns: GIFT_CSV }}
        onRetry={() => void reloadResource('gifts')}
        onLoadMore={() => void loadMore('gifts')}
        actions={(row) => (
          <>
            {Boolean(row['donor_email']) && (
              <button type="button" className="button small" onClick={() => setDonor(text(row['donor_email']))}>
                History
                <span className="visually-hidden"> of {text(row['donor_email'])}</span>
              </button>
            )}
            {(['assign', 'confirm', 'refund'] as const)
              .filter((action) => allowsGiftAction(action, row))
              .map((action) => (
                <button key={action} type="button" className="button small" onClick={() => setActing({ action, row })}>
                  {ACTION_LABELS[action]}
                  <span className="visually-hidden">
                    {' '}
                    gift {text(row['reference'])} from {text(row['donor_name']) || 'an anonymous donor'}
                  </span>
                </button>
              ))}
          </>
        )}
      />
      {acting && (
        <GiftActionForm
          key={`${acting.action}-${acting.row.id}`}
          action={acting.action}
          row={acting.row}
          onClose={() => setActing(null)}
        />
      )}
      <GiftForms />
    </>
  );
}
