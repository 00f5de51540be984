/**
 * The figures a treasurer signs: confirmed gifts by the day the money was received (Nairobi's calendar), over a
 * month, quarter, year or date range, broken down by cause, by payment method and by kind, per currency received,
 * and all of it in KES and USD at the rate staff set (kept with who set it and when). The month-end CSV lists the
 * very gifts the totals add up, and the PDF summary prints the totals with the period and the rate.
 * Totals count what was kept: refunded amounts are left out.
 */
import causesContent from '../../../../src/content/causes.json' with { type: 'json' };
import { toCsv, type CsvColumn } from '../../../../src/lib/csv.ts';
import { kindName, methodName, receiptLabel } from '../../../../src/lib/gift-labels.ts';
import {
  convertedText,
  convertTotals,
  formatMoney,
  subunitsToUnits,
  type ExchangeRate,
} from '../../../../src/lib/money.ts';
import { longDay, nairobiDay, nairobiDayTime, type GiftPeriod } from '../../../../src/lib/periods.ts';
import type { GiftTotal, PeriodFigures } from '../../../../src/schemas/gifts.ts';
import { audit } from '../platform/audit.ts';
import { query, type Queryable } from '../platform/db.ts';
import { GIFT_COLUMNS, type GiftRow } from './gifts.ts';
import { fields, letterhead, render } from './receipt.ts';

/** The day a gift's money was received, in Nairobi (confirmation records when it arrived, not when it was entered). */
const RECEIVED_DAY = `(confirmed_at at time zone 'Africa/Nairobi')::date`;

/** Confirmed gifts received from `$1` to `$2` (days, both included). */
const RECEIVED_IN = `state = 'confirmed' and ${RECEIVED_DAY} between $1::date and $2::date`;

/** What each breakdown groups by: a sponsorship supports a child, not a cause; method and kind as recorded. */
const BREAKDOWNS = {
  cause: `case when kind = 'sponsorship' then 'sponsorship' else coalesce(cause, 'general') end`,
  method: 'method',
  kind: 'kind',
  currency: 'currency',
} as const;

type Breakdown = keyof typeof BREAKDOWNS;

/** Which grouping set of {@link totalsOf} a row belongs to, and its key there. */
const NAMES = Object.keys(BREAKDOWNS) as Breakdown[];
const SET_OF_ROW = `case ${NAMES.map((name) => `when grouping(by_${name}) = 0 then '${name}'`).join(' ')} end`;
const KEY_OF_ROW = `case ${NAMES.map((name) => `when grouping(by_${name}) = 0 then by_${name}`).join(' ')} end`;

/**
 * Every breakdown of `period`'s confirmed gifts in one scan of them (a grouping set each, with the currency), each
 * breakdown's lines in key, then currency order.
 */
export async function totalsOf(period: GiftPeriod, db: Queryable = { query }): Promise<Record<Breakdown, GiftTotal[]>> {
  const rows = await db.query<GiftTotal & { breakdown: Breakdown }>(
    `select ${SET_OF_ROW} as breakdown, ${KEY_OF_ROW} as key, currency,
       sum(amount_subunits - refunded_subunits)::float8 as total, count(*)::int as count
     from (select ${NAMES.map((name) => `${BREAKDOWNS[name]} as by_${name}`).join(', ')}, currency, amount_subunits,
             refunded_subunits
           from gifts where ${RECEIVED_IN}) g
     group by grouping sets (${NAMES.map((name) => `(by_${name}, currency)`).join(', ')})
     order by 1, 2, 3`,
    [period.from, period.to],
  );
  const totals = Object.fromEntries(NAMES.map((name) => [name, [] as GiftTotal[]])) as Record<Breakdown, GiftTotal[]>;
  for (const { breakdown, key, currency, total, count } of rows)
    totals[breakdown].push({ key, currency, total, count });
  return totals;
}

type RateRow = { kes_per_usd: number; set_by: string; set_at: Date | string };

const asRate = (row: RateRow): ExchangeRate => ({
  kesPerUsd: Number(row.kes_per_usd),
  setBy: row.set_by,
  setAt: new Date(row.set_at).toISOString(),
});

/**
 * The rate a period is converted at: the last one set on or before its last day (Nairobi), so a report of a closed
 * period keeps its figures when staff later set a new rate; for a period that ended before any rate was set, the
 * first rate set. Undefined until staff set one.
 */
export async function rateFor(day: string, db: Queryable = { query }): Promise<ExchangeRate | undefined> {
  const [row] = await db.query<RateRow>(
    `select kes_per_usd::float8 as kes_per_usd, set_by, set_at from exchange_rates
     order by (set_at at time zone 'Africa/Nairobi')::date <= $1::date desc,
       case when (set_at at time zone 'Africa/Nairobi')::date <= $1::date then set_at end desc nulls last,
       set_at, id
     limit 1`,
    [day],
  );
  return row ? asRate(row) : undefined;
}

/** Records the rate `actor` set, audited in the same transaction; returns it. */
export async function setRate(tx: Queryable, kesPerUsd: number, actor: string): Promise<ExchangeRate> {
  const [row] = await tx.query<RateRow>(
    `insert into exchange_rates (kes_per_usd, set_by) values ($1, $2)
     returning kes_per_usd::float8 as kes_per_usd, set_by, set_at`,
    [kesPerUsd, actor],
  );
  if (!row) throw new Error('insert into exchange_rates returned no row');
  await audit(tx, 'admin.gifts.rate', actor, { kesPerUsd });
  return asRate(row);
}

/** The figures of `period`. */
export async function figuresOf(period: GiftPeriod, db: Queryable = { query }): Promise<PeriodFigures> {
  const [totals, rate] = await Promise.all([totalsOf(period, db), rateFor(period.to, db)]);
  const { cause: byCause, method: byMethod, kind: byKind, currency: byCurrency } = totals;
  return {
    period,
    byCause,
    byMethod,
    byKind,
    byCurrency,
    rate: rate ?? null,
    converted: rate ? convertTotals(byCurrency, rate.kesPerUsd) : null,
  };
}

/** The gifts {@link figuresOf} adds up, in the order they were received. */
export async function giftsReceivedIn(period: GiftPeriod, db: Queryable = { query }): Promise<GiftRow[]> {
  return db.query<GiftRow>(`select ${GIFT_COLUMNS} from gifts where ${RECEIVED_IN} order by confirmed_at, id`, [
    period.from,
    period.to,
  ]);
}

/** A cause in words, as the site names it. */
export function causeName(key: string): string {
  if (key === 'sponsorship') return 'Sponsorship of a child';
  if (key === 'general') return 'Where most needed';
  return causesContent.find((cause) => cause.id === key)?.name ?? key;
}

/** Units of a subunit amount, as a plain number for a spreadsheet. */
const units = (subunits: number | string, currency: string) => subunitsToUnits(Number(subunits), currency);

/** The month-end CSV's columns: one row per gift counted, with what it adds to the totals ("Kept"). */
export const MONTH_END_CSV: readonly CsvColumn<GiftRow>[] = [
  { header: 'Receipt', value: (gift) => (gift.receipt_no ? receiptLabel(gift.receipt_no) : '') },
  { header: 'Received (Nairobi)', value: (gift) => nairobiDay(gift.confirmed_at) },
  { header: 'Entered (Nairobi)', value: (gift) => nairobiDayTime(gift.ts) },
  { header: 'Donor', value: (gift) => (gift.anonymous ? 'Anonymous' : (gift.donor_name ?? '')) },
  { header: 'Kind', value: (gift) => kindName(gift.kind) },
  {
    header: 'Supports',
    value: (gift) => (gift.kind === 'sponsorship' ? causeName('sponsorship') : causeName(gift.cause ?? 'general')),
  },
  { header: 'Child', value: (gift) => gift.child_id ?? '' },
  { header: 'Method', value: (gift) => methodName(gift.method) },
  { header: 'Currency', value: (gift) => gift.currency },
  { header: 'Amount', value: (gift) => units(gift.amount_subunits, gift.currency) },
  { header: 'Refunded', value: (gift) => units(gift.refunded_subunits, gift.currency) },
  {
    header: 'Kept',
    value: (gift) => units(Number(gift.amount_subunits) - Number(gift.refunded_subunits), gift.currency),
  },
  { header: 'Provider transaction', value: (gift) => gift.provider_txn ?? '' },
  { header: 'Recorded by', value: (gift) => gift.recorded_by },
];

/** The month-end CSV of a period's gifts. */
export function monthEndCsv(gifts: readonly GiftRow[]): string {
  return toCsv(MONTH_END_CSV, gifts);
}

/** One key's totals in every currency received: `KES 2,500.00 + $50.00`. */
function moneyOf(rows: readonly GiftTotal[]): string {
  return rows.map((row) => formatMoney(row.total, row.currency)).join(' + ');
}

/** A breakdown as lines: `Card: 3 gifts, KES 2,500.00 + $50.00`. */
function breakdownLines(rows: readonly GiftTotal[], name: (key: string) => string): string[] {
  const byKey = new Map<string, GiftTotal[]>();
  for (const row of rows) byKey.set(row.key, [...(byKey.get(row.key) ?? []), row]);
  return [...byKey].map(([key, totals]) => {
    const count = totals.reduce((n, row) => n + row.count, 0);
    return `${name(key)}: ${count} ${count === 1 ? 'gift' : 'gifts'}, ${moneyOf(totals)}`;
  });
}

/** The month-end summary as a PDF for the treasurer's file, prepared by `actor` at `now`. */
export function monthEndPdf(figures: PeriodFigures, actor: string, now: Date): Promise<Buffer> {
  const { period } = figures;
  const count = figures.byCurrency.reduce((n, row) => n + row.count, 0);
  const section = (doc: PDFKit.PDFDocument, heading: string, lines: readonly string[]) => {
    doc.moveDown().font('Helvetica-Bold').fontSize(12).text(heading);
    const body = lines.length > 0 ? lines : ['No gifts.'];
    for (const line of body) doc.font('Helvetica').fontSize(11).text(line);
  };
  return render((doc) => {
    letterhead(doc, `Gifts received, ${period.label}`);
    fields(doc, [
      ['Period', `${longDay(period.from)} to ${longDay(period.to)} (days the money was received, Nairobi)`],
      ['Confirmed gifts', String(count)],
      ['Total in the currency received', moneyOf(figures.byCurrency) || 'None'],
      ['Total in KES and USD', convertedText(figures.converted, figures.rate)],
      ['Prepared', `${longDay(nairobiDay(now))} by ${actor} from the gift ledger`],
    ]);
    section(doc, 'By cause', breakdownLines(figures.byCause, causeName));
    section(doc, 'By payment method', breakdownLines(figures.byMethod, methodName));
    section(doc, 'By kind', breakdownLines(figures.byKind, kindName));
    doc
      .moveDown()
      .font('Helvetica')
      .fontSize(10)
      .text('Refunded amounts are left out. The month-end CSV of the same period lists every gift counted here.');
    doc
      .moveDown(2)
      .fontSize(11)
      .text('Checked by: ______________________   Signature: ______________   Date: ________');
  }, `Gifts received, ${period.label}`);
}
