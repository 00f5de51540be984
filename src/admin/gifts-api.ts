/**
 * The Gifts view's calls (`/api/admin/gifts/*`): the period's summary and the exchange rate, gifts recorded by staff,
 * refunds, PayPal confirmations, unmatched gifts assigned, and yearly statements sent.
 */
import { ApiError, callJson, readAnswer } from './api.ts';
import { unwrapRecord, type Row } from './lib/list.ts';
import { GiftSummary, RateSavedAnswer, type GiftAction } from '../schemas/gifts.ts';

/** Reads the Gifts view's summary for the period `query` names (`period=month&month=2026-10`; this month without). */
export async function fetchGiftSummary(query = ''): Promise<GiftSummary> {
  return readAnswer(GiftSummary, await callJson(`/api/admin/gifts/summary${query ? `?${query}` : ''}`));
}

/** Sets the KES per USD rate the totals are converted at; resolves to the rate as saved. */
export async function setExchangeRate(kesPerUsd: string): Promise<RateSavedAnswer['rate']> {
  return readAnswer(RateSavedAnswer, await callJson('/api/admin/gifts/rate', { method: 'POST', json: { kesPerUsd } }))
    .rate;
}

/** Records a gift made outside the site (cash, bank transfer, cheque…); resolves to the confirmed gift. */
export async function recordGift(gift: Record<string, unknown>): Promise<Row> {
  const row = unwrapRecord(await callJson('/api/admin/gifts', { method: 'POST', json: gift }), ['gift']);
  if (!row) throw new ApiError(200, 'The gift could not be read back.');
  return row;
}

/** Marks a gift that came outside Paystack refunded (all of what is left without `amount`); resolves to the gift. */
export async function refundGift(id: string, reason: string, amount?: number): Promise<Row> {
  return giftAction('refund', { id, reason, ...(amount === undefined ? {} : { amount }) });
}

/** Confirms a pending PayPal gift with PayPal's transaction id; resolves to the confirmed gift. */
export async function confirmPaypalGift(id: string, transactionId: string, receivedAt?: string): Promise<Row> {
  return giftAction('confirm', { id, transactionId, ...(receivedAt ? { receivedAt } : {}) });
}

/** Says who gave an unmatched gift and what it supports; resolves to the gift, confirmed and receipted. */
export async function assignGift(id: string, fields: Record<string, string>): Promise<Row> {
  return giftAction('assign', { ...fields, id });
}

async function giftAction(action: GiftAction, json: Record<string, unknown>): Promise<Row> {
  const row = unwrapRecord(await callJson(`/api/admin/gifts/${action}`, { method: 'POST', json }), ['gift']);
  if (!row) throw new ApiError(200, 'The gift could not be read back.');
  return row;
}

/** Emails a donor the statement of their confirmed gifts in `year`; resolves to how many it lists. */
export async function sendStatement(email: string, year: number): Promise<number> {
  const body = await callJson('/api/admin/gifts/statement', { method: 'POST', json: { email, year } });
  const gifts = typeof body === 'object' && body !== null ? (body as Record<string, unknown>)['gifts'] : undefined;
  return typeof gifts === 'number' ? gifts : 0;
}
