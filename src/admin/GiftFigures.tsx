import { useId, useState, type MouseEvent, type SubmitEvent } from 'react';
import { convertedText, formatMoney, rateText } from '../lib/money.ts';
import { PERIOD_KINDS, periodQuery, type PeriodKind } from '../lib/periods.ts';
import { ApiError, fetchDownload, type GiftSummary, type GiftTotal } from './api.ts';
import { setExchangeRate } from './gifts-api.ts';
import { saveFile } from './download.ts';
import { causeTitle } from '../lib/plain-names.ts';
import { notify } from './stores/toast.ts';
import { kindLabel, methodLabel } from './giftColumns.tsx';

type Props = {
  /** The summary of the period chosen last; null while it loads. */
  readonly summary: GiftSummary | null;
  /** Asks for the figures of another period (its query string), or the same again after the rate changed. */
  readonly onChoose: (query: string) => void;
};

/** What each kind of period is called in the chooser. */
const PERIOD_LABELS: Readonly<Record<PeriodKind, string>> = {
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
  range: 'Date range',
};

/** Totals of one breakdown, per key, each in every currency received. */
function TotalsTable({
  caption,
  heading,
  rows,
  keyLabel,
}: {
  readonly caption: string;
  readonly heading: string;
  readonly rows: readonly GiftTotal[];
  readonly keyLabel: (key: string) => string;
}) {
  const byKey = new Map<string, GiftTotal[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  return (
    <table className="gift-totals">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Gifts</th>
          <th scope="col">Total</th>
        </tr>
      </thead>
      <tbody>
        {byKey.size === 0 ? (
          <tr>
            <td colSpan={3}>No confirmed gifts received in this period.</td>
          </tr>
        ) : (
          [...byKey].map(([key, totals]) => (
            <tr key={key}>
              <th scope="row">{keyLabel(key)}</th>
              <td>{totals.reduce((n, total) => n + total.count, 0)}</td>
              <td>{totals.map((total) => formatMoney(total.total, total.currency)).join(' + ')}</td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}

/** The query of the chooser's fields, left-out ones dropped. */
function queryOf(form: HTMLFormElement): string {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (typeof value === 'string' && value.trim() !== '') params.set(name, value.trim());
  }
  return params.toString();
}

/**
 * The totals a treasurer signs: a period chooser (month, quarter, year or date range; this month at first), the
 * period's totals by the day the money was received, by cause, method and kind, in the currency received and in KES
 * and USD at the rate staff set, and the month-end CSV and PDF of the same period. The chooser is a GET form of the
 * summary's own query.
 */
export default function GiftFigures({ summary, onChoose }: Props) {
  const id = useId();
  const [kind, setKind] = useState<PeriodKind>('month');
  const [rateError, setRateError] = useState<string | null>(null);
  const figures = summary?.figures;
  const query = figures ? periodQuery(figures.period) : '';
  const count = figures?.byCurrency.reduce((n, row) => n + row.count, 0) ?? 0;

  function onSubmit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    onChoose(queryOf(event.currentTarget));
  }

  async function onDownload(event: MouseEvent<HTMLAnchorElement>): Promise<void> {
    event.preventDefault();
    try {
      const { blob, filename } = await fetchDownload(event.currentTarget.getAttribute('href') ?? '');
      saveFile(blob, filename);
    } catch (failure) {
      notify(failure instanceof ApiError ? failure.message : 'Could not download the file.', 'error');
    }
  }

  async function onRate(event: SubmitEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    const form = event.currentTarget;
    const value = new FormData(form).get('kesPerUsd');
    try {
      const rate = await setExchangeRate(typeof value === 'string' ? value.trim() : '');
      setRateError(null);
      form.reset();
      notify(`Rate set: ${rateText(rate)}`);
      onChoose(query);
    } catch (failure) {
      setRateError(
        failure instanceof ApiError
          ? [failure.message, ...failure.issues.map((issue) => issue.message)].join(' ')
          : 'Could not set the rate.',
      );
    }
  }

  return (
    <section className="gift-figures" aria-labelledby={`${id}-title`}>
      <form
        className="period-chooser"
        method="get"
        action="/api/admin/gifts/summary"
        aria-label="Period of the totals"
        onSubmit={onSubmit}
      >
        <div className="field">
          <label htmlFor={`${id}-period`}>Period</label>
          <select
            id={`${id}-period`}
            name="period"
            value={kind}
            onChange={(event) => setKind(event.target.value as PeriodKind)}
          >
            {PERIOD_KINDS.map((key) => (
              <option key={key} value={key}>
                {PERIOD_LABELS[key]}
              </option>
            ))}
          </select>
        </div>
        {kind === 'month' && (
          <div className="field">
            <label htmlFor={`${id}-month`}>Month</label>
            <input id={`${id}-month`} name="month" type="month" placeholder="2026-10" />
          </div>
        )}
        {kind === 'quarter' && (
          <div className="field">
            <label htmlFor={`${id}-quarter`}>Quarter</label>
            <select id={`${id}-quarter`} name="quarter" defaultValue="">
              <option value="">This quarter</option>
              {[1, 2, 3, 4].map((quarter) => (
                <option key={quarter} value={quarter}>
                  Q{quarter}
                </option>
              ))}
            </select>
          </div>
        )}
        {(kind === 'quarter' || kind === 'year') && (
          <div className="field">
            <label htmlFor={`${id}-year`}>Year</label>
            <input id={`${id}-year`} name="year" type="number" min="2000" max="2100" placeholder="This year" />
          </div>
        )}
        {kind === 'range' && (
          <>
            <div className="field">
              <label htmlFor={`${id}-from`}>From</label>
              <input id={`${id}-from`} name="from" type="date" required />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>To</label>
              <input id={`${id}-to`} name="to" type="date" required />
            </div>
          </>
        )}
        <button type="submit" className="button">
          Show totals
        </button>
      </form>
      {figures && (
        <>
          <h3 id={`${id}-title`}>Gifts received in {figures.period.label}</h3>
          <dl className="gift-figures__totals">
            <dt>Confirmed gifts</dt>
            <dd>{count}</dd>
            <dt>Total in the currency received</dt>
            <dd>
              {count === 0 ? 'None' : figures.byCurrency.map((row) => formatMoney(row.total, row.currency)).join(' + ')}
            </dd>
            <dt>Total in KES and USD</dt>
            <dd>{convertedText(figures.converted, figures.rate)}</dd>
          </dl>
          <div className="gift-summary">
            <TotalsTable
              caption="By cause"
              heading="Cause"
              rows={figures.byCause}
              keyLabel={(key) => (key === 'sponsorship' ? 'Sponsorship of a child' : causeTitle(key))}
            />
            <TotalsTable caption="By method" heading="Method" rows={figures.byMethod} keyLabel={methodLabel} />
            <TotalsTable caption="By kind" heading="Kind" rows={figures.byKind} keyLabel={kindLabel} />
          </div>
          <p className="gift-figures__downloads">
            <a
              className="button small"
              href={`/api/admin/gifts/month-end.csv?${query}`}
              onClick={(event) => void onDownload(event)}
            >
              CSV of {figures.period.label}
            </a>
            <a
              className="button small"
              href={`/api/admin/gifts/month-end.pdf?${query}`}
              onClick={(event) => void onDownload(event)}
            >
              PDF summary of {figures.period.label}
            </a>
          </p>
        </>
      )}
      <form className="period-chooser" aria-labelledby={`${id}-rate`} onSubmit={(event) => void onRate(event)}>
        <h3 id={`${id}-rate`}>Exchange rate for the totals</h3>
        <div className="field">
          <label htmlFor={`${id}-kes`}>Shillings per US dollar</label>
          <input id={`${id}-kes`} name="kesPerUsd" inputMode="decimal" required placeholder="129.50" />
        </div>
        <button type="submit" className="button">
          Set rate
        </button>
        {rateError && <p role="alert">{rateError}</p>}
      </form>
    </section>
  );
}
