/**
 * The gift ledger for staff:
 * - `GET /api/admin/gifts[?state=&email=&cursor=&limit=]`: gifts newest first (one donor's history with `email`);
 * - `POST /api/admin/gifts`: a gift made any other way (cash, bank transfer, cheque), confirmed at once, receipted,
 *   with who recorded it;
 * - `GET /api/admin/gifts/summary[?period=&month=&quarter=&year=&from=&to=]`: the chosen period's totals by received
 *   date (default this month) by cause, method and kind, per currency and in KES and USD at the rate staff set; the
 *   same three breakdowns this month and this year; whether the providers are connected (monthly gifts and
 *   sponsorships are commitments: `GET /api/admin/commitments`);
 * - `GET /api/admin/gifts/month-end.csv` and `/month-end.pdf` (same query): the gifts the period's totals add up, and
 *   the summary a treasurer files;
 * - `POST /api/admin/gifts/rate`: the KES per USD rate the totals are converted at from now on (kept, audited);
 * - `POST /api/admin/gifts/statement`: emails a donor the statement of their confirmed gifts in a year;
 * - `POST /api/admin/gifts/refund`: marks a gift that came outside Paystack refunded, in full or in part, with why;
 * - `POST /api/admin/gifts/confirm`: confirms a PayPal gift from PayPal's own notification (receipted), once per
 *   PayPal transaction;
 * - `POST /api/admin/gifts/assign`: says who gave an unmatched gift (money Paystack received under a reference the
 *   site did not make) and what it supports, then confirms and receipts it.
 * Totals count what was kept: refunded amounts are left out.
 */
import type { Config, Context } from '@netlify/functions';
import { subunitsPerUnit } from '../../src/lib/money.ts';
import { nairobiDay, resolvePeriod, type GiftPeriod } from '../../src/lib/periods.ts';
import {
  ExchangeRateRequest,
  GiftAssignment,
  giftActionRefusal,
  GiftPeriodQuery,
  GiftListQuery,
  GiftRefundRequest,
  PaypalConfirmation,
  StaffGift,
  StatementRequest,
  type GiftAction,
  type GiftSummary,
  type RateSavedAnswer,
} from '../../src/schemas/gifts.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { isUniqueViolation, transaction, type Queryable } from './_shared/platform/db.ts';
import { newestEventId } from './_shared/platform/event-stream.ts';
import {
  childById,
  confirmLocked,
  insertGift,
  ledgerTransaction,
  refundLocked,
  type GiftRow,
} from './_shared/gifts/gifts.ts';
import {
  assignGift,
  giftsNewestFirst,
  lockGift,
  paypalPaymentElsewhere,
  staffGiftReference,
} from './_shared/gifts/staff-gifts.ts';
import { statementOf } from './_shared/gifts/statements.ts';
import {
  figuresOf,
  giftsReceivedIn,
  monthEndCsv,
  monthEndPdf,
  setRate,
  totalsOf,
} from './_shared/gifts/gift-figures.ts';
import { answer, error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { deliverAfterResponse, enqueue } from './_shared/platform/outbox.ts';
import { paystackConfig } from './_shared/gifts/paystack.ts';
import { statementPdf, statementSubject, statementText } from './_shared/gifts/receipt.ts';
import { mpesaConfig } from './_shared/gifts/mpesa.ts';
import { audit } from './_shared/platform/audit.ts';

/** Where staff look a Paystack transaction up. */
const PAYSTACK_DASHBOARD = 'https://dashboard.paystack.com/#/transactions/';

/** A gift as the API answers it. */
function toAnswer(row: GiftRow): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  out['provider_url'] =
    row.provider === 'paystack' && row.provider_txn && row.state !== 'pending'
      ? `${PAYSTACK_DASHBOARD}${encodeURIComponent(row.provider_txn)}`
      : null;
  return out;
}

async function list(req: Request): Promise<Response> {
  const parsed = GiftListQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!parsed.success) return invalid(parsed.error, 'Invalid list parameters');
  const { state, email, limit, cursor } = parsed.data;
  const eventsThrough = await newestEventId();
  const rows = await giftsNewestFirst({ state, email, cursor }, limit + 1);
  const page = rows.slice(0, limit).map(toAnswer);
  return json({ gifts: page, nextCursor: rows.length > limit ? (page.at(-1)?.['id'] ?? null) : null, eventsThrough });
}

/** The period a request asks for, or the 400 answer to give (empty fields of a GET form count as left out). */
function periodOf(req: Request, now: Date): GiftPeriod | Response {
  const params = [...new URL(req.url).searchParams].filter(([, value]) => value.trim() !== '');
  const parsed = GiftPeriodQuery.safeParse(Object.fromEntries(params));
  if (!parsed.success) return invalid(parsed.error, 'Invalid period');
  return resolvePeriod(parsed.data, nairobiDay(now));
}

/** The three breakdowns of a period, as the month and year of the summary carry them. */
async function breakdowns(period: GiftPeriod) {
  const { cause: byCause, method: byMethod, kind: byKind } = await totalsOf(period);
  return { byCause, byMethod, byKind };
}

async function summary(req: Request): Promise<Response> {
  const now = new Date();
  const period = periodOf(req, now);
  if (period instanceof Response) return period;
  const today = nairobiDay(now);
  const thisMonth = resolvePeriod({ period: 'month' }, today);
  // The period asked for is this month unless staff chose another: its figures hold the month's breakdowns then.
  const sameAsMonth = period.from === thisMonth.from && period.to === thisMonth.to;
  const [figures, month, year] = await Promise.all([
    figuresOf(period),
    sameAsMonth ? undefined : breakdowns(thisMonth),
    breakdowns(resolvePeriod({ period: 'year' }, today)),
  ]);
  return json({
    connected: { paystack: paystackConfig() !== undefined, mpesa: mpesaConfig() !== undefined },
    figures,
    month: month ?? { byCause: figures.byCause, byMethod: figures.byMethod, byKind: figures.byKind },
    year,
  } satisfies GiftSummary);
}

/** The month-end CSV or PDF of the period asked for, as a download. */
async function monthEnd(req: Request, actor: string, format: 'csv' | 'pdf'): Promise<Response> {
  const now = new Date();
  const period = periodOf(req, now);
  if (period instanceof Response) return period;
  const headers = (type: string, name: string) => ({
    'Content-Type': type,
    'Content-Disposition': `attachment; filename="${name}"`,
    'Cache-Control': 'no-store',
  });
  if (format === 'csv') {
    const csv = monthEndCsv(await giftsReceivedIn(period));
    return answer(csv, 200, headers('text/csv; charset=utf-8', `gifts-${period.slug}.csv`));
  }
  const pdf = await monthEndPdf(await figuresOf(period), actor, now);
  return answer(new Uint8Array(pdf), 200, headers('application/pdf', `gift-totals-${period.slug}.pdf`));
}

async function rate(req: Request, actor: string): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = ExchangeRateRequest.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid rate');
  const saved = await transaction((tx) => setRate(tx, parsed.data.kesPerUsd, actor));
  return json({ rate: saved } satisfies RateSavedAnswer, 201);
}

async function record(req: Request, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = StaffGift.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid gift');
  const gift = parsed.data;
  if (gift.childId && !(await childById(gift.childId))) {
    return error(400, 'Invalid gift', [{ path: 'childId', message: 'This child is not on our list' }]);
  }
  const amountSubunits = Math.round(gift.amount * subunitsPerUnit(gift.currency));
  const row = await ledgerTransaction(async (tx) => {
    const pending = await insertGift(
      tx,
      {
        reference: await staffGiftReference(tx),
        provider: 'staff',
        kind: gift.childId ? 'sponsorship' : 'donation',
        frequency: 'one-time',
        cause: gift.childId ? null : (gift.cause ?? 'general'),
        childId: gift.childId ?? null,
        amountSubunits,
        currency: gift.currency,
        method: gift.method,
        donorName: gift.donorName || null,
        donorEmail: gift.donorEmail ?? null,
        anonymous: !gift.donorName,
        recordedBy: `staff:${actor}`,
        note: gift.note || null,
      },
      'pending',
    );
    const confirmed = await confirmLocked(tx, pending, {
      providerTxn: null,
      method: gift.method,
      paidAt: gift.receivedAt ? new Date(`${gift.receivedAt}T12:00:00+03:00`) : null,
    });
    await audit(tx, 'admin.gifts.create', actor, { id: confirmed.id, receipt: confirmed.receipt_no });
    return confirmed;
  }, context);
  deliverAfterResponse(context, GIFT_COMPLETERS);
  return json({ gift: toAnswer(row) }, 201);
}

async function statement(req: Request, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = StatementRequest.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid statement request');
  const { email, year } = parsed.data;
  const found = await statementOf(email, year);
  if (!found) {
    return error(404, `No confirmed gift from ${email} in ${year}`, [{ path: 'email', message: 'No gifts that year' }]);
  }
  const { statement: content, gifts } = found;
  const pdf = await statementPdf(content);
  await transaction(async (tx) => {
    await enqueue(tx, {
      kind: 'message',
      dedupKey: `statement:${email.toLowerCase()}:${year}:${Date.now()}`,
      source: 'gift_statement',
      notice: {
        subject: statementSubject(content),
        body: statementText(content),
        resource: 'gifts',
        recordId: gifts.at(-1)?.id ?? '',
      },
      recipients: [email],
      attachments: [
        { filename: `statement-${year}.pdf`, contentType: 'application/pdf', content: pdf.toString('base64') },
      ],
    });
    await audit(tx, 'admin.gifts.statement', actor, { year, gifts: gifts.length });
  });
  deliverAfterResponse(context, GIFT_COMPLETERS);
  return json({ sent: true, gifts: gifts.length }, 202);
}

/** Locks a gift for a staff action; the answer to give instead when it cannot be done. */
async function lockForAction(tx: Queryable, id: string, action: GiftAction): Promise<GiftRow | Response> {
  const gift = await lockGift(tx, id);
  if (!gift) return error(404, 'Gift not found');
  const refusal = giftActionRefusal(action, gift);
  return refusal ? error(409, refusal) : gift;
}

async function refund(req: Request, actor: string): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = GiftRefundRequest.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid refund');
  const { id, reason, amount } = parsed.data;
  return transaction(async (tx) => {
    const gift = await lockForAction(tx, id, 'refund');
    if (gift instanceof Response) return gift;
    const left = Number(gift.amount_subunits) - Number(gift.refunded_subunits);
    const subunits = amount === undefined ? left : Math.round(amount * subunitsPerUnit(gift.currency));
    if (subunits > left) {
      return error(400, 'Invalid refund', [{ path: 'amount', message: 'More than is left of the gift' }]);
    }
    const row = await refundLocked(tx, gift, subunits, `Refunded by ${actor}: ${reason}`);
    await audit(tx, 'admin.gifts.refund', actor, { id, refunded: subunits, currency: gift.currency, reason });
    return json({ gift: toAnswer(row) });
  });
}

async function confirmPaypal(req: Request, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = PaypalConfirmation.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid confirmation');
  const { id, transactionId, receivedAt } = parsed.data;
  // One PayPal payment pays one gift: a transaction id already on another gift is refused, here and (for two staff
  // confirming at once) by the unique index on it.
  const alreadyUsed = (reference?: string) =>
    error(409, 'This PayPal transaction is already on another gift', [
      {
        path: 'transactionId',
        message: `PayPal transaction ${transactionId} is already on ${reference ? `gift ${reference}` : 'another gift'}`,
      },
    ]);
  let answer: Response;
  try {
    answer = await ledgerTransaction(async (tx) => {
      const gift = await lockForAction(tx, id, 'confirm');
      if (gift instanceof Response) return gift;
      const other = await paypalPaymentElsewhere(tx, transactionId, id);
      if (other) return alreadyUsed(other);
      const confirmed = await confirmLocked(tx, gift, {
        providerTxn: transactionId,
        method: 'paypal',
        paidAt: receivedAt ? new Date(`${receivedAt}T12:00:00+03:00`) : null,
      });
      await audit(tx, 'admin.gifts.confirm', actor, { id, receipt: confirmed.receipt_no, transaction: transactionId });
      return json({ gift: toAnswer(confirmed) });
    }, context);
  } catch (failure) {
    if (isUniqueViolation(failure, 'gifts_paypal_transaction_key')) return alreadyUsed();
    throw failure;
  }
  deliverAfterResponse(context, GIFT_COMPLETERS);
  return answer;
}

async function assign(req: Request, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = GiftAssignment.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid assignment');
  const { id, cause, childId } = parsed.data;
  if (cause && childId) {
    return error(400, 'Invalid assignment', [{ path: 'childId', message: 'Choose a cause or a child, not both' }]);
  }
  if (childId && !(await childById(childId))) {
    return error(400, 'Invalid assignment', [{ path: 'childId', message: 'This child is not on our list' }]);
  }
  const answer = await ledgerTransaction(async (tx) => {
    const gift = await lockForAction(tx, id, 'assign');
    if (gift instanceof Response) return gift;
    const assigned = await assignGift(tx, parsed.data, actor);
    if (!assigned) return error(404, 'Gift not found');
    const confirmed = await confirmLocked(tx, assigned, {
      providerTxn: assigned.provider_txn,
      method: assigned.method,
      paidAt: new Date(assigned.ts),
    });
    await audit(tx, 'admin.gifts.assign', actor, {
      id,
      receipt: confirmed.receipt_no,
      supports: childId ? `child ${childId}` : (cause ?? 'general'),
    });
    return json({ gift: toAnswer(confirmed) });
  }, context);
  deliverAfterResponse(context, GIFT_COMPLETERS);
  return answer;
}

/** The POST-only actions under /api/admin/gifts/. */
const ACTIONS = ['statement', 'refund', 'confirm', 'assign', 'rate'] as const;

export default staffFunction(async (req, actor, context) => {
  const path = new URL(req.url).pathname.replace(/\/$/, '');
  if (path.endsWith('/summary')) return req.method === 'GET' ? summary(req) : methodNotAllowed(['GET']);
  const download = /\/month-end\.(csv|pdf)$/.exec(path)?.[1] as 'csv' | 'pdf' | undefined;
  if (download) return req.method === 'GET' ? monthEnd(req, actor, download) : methodNotAllowed(['GET']);
  const action = ACTIONS.find((name) => path.endsWith(`/${name}`));
  if (action) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    if (action === 'statement') return statement(req, actor, context);
    if (action === 'assign') return assign(req, actor, context);
    if (action === 'rate') return rate(req, actor);
    return action === 'refund' ? refund(req, actor) : confirmPaypal(req, actor, context);
  }
  if (req.method === 'GET') return list(req);
  if (req.method === 'POST') return record(req, actor, context);
  return methodNotAllowed(['GET', 'POST']);
});

export const config: Config = {
  path: [
    '/api/admin/gifts',
    '/api/admin/gifts/summary',
    '/api/admin/gifts/statement',
    '/api/admin/gifts/refund',
    '/api/admin/gifts/confirm',
    '/api/admin/gifts/assign',
    '/api/admin/gifts/rate',
    '/api/admin/gifts/month-end.csv',
    '/api/admin/gifts/month-end.pdf',
  ],
};
