/**
 * M-Pesa sent straight to the charity's Paybill (Safaricom Daraja C2B). Daraja does not sign its callbacks, so the
 * confirmation URL registered with Safaricom carries a long secret (`MPESA_C2B_PATH_SECRET`) and the payload is
 * checked for its documented shape and our short code (`MPESA_PAYBILL`). Each TransID is recorded once.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PAYBILL_GIFT_ACCOUNT } from '../../../src/lib/constants.ts';
import type { Background } from './build-hook.ts';
import { childById, confirmLocked, insertGift, ledgerTransaction } from './gifts.ts';

/** The account donors type for a general gift; a child's id sponsors that child. */
export const GENERAL_ACCOUNT = PAYBILL_GIFT_ACCOUNT;

/** The shortest path secret accepted: anything shorter could be guessed. */
export const MIN_PATH_SECRET_LENGTH = 24;

/** The Paybill and path secret, or undefined when M-Pesa is not connected. */
export function mpesaConfig(): { paybill: string; pathSecret: string } | undefined {
  const paybill = process.env['MPESA_PAYBILL'];
  const pathSecret = process.env['MPESA_C2B_PATH_SECRET'];
  if (!paybill || !pathSecret || pathSecret.length < MIN_PATH_SECRET_LENGTH) return undefined;
  return { paybill, pathSecret };
}

/** True when `given` is the path secret (constant time). */
export function isPathSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Daraja's C2B confirmation payload (the fields the ledger reads; others are allowed). */
export const C2BConfirmation = z.object({
  TransactionType: z.string().max(40),
  TransID: z.string().regex(/^[A-Z0-9]{6,20}$/, 'TransID must be letters and digits'),
  TransTime: z.string().regex(/^\d{14}$/, 'TransTime must be YYYYMMDDHHmmss'),
  TransAmount: z.union([z.string(), z.number()]).transform(Number).pipe(z.number().positive().max(10_000_000)),
  BusinessShortCode: z.union([z.string(), z.number()]).transform(String),
  BillRefNumber: z.string().max(60).default(''),
  MSISDN: z.union([z.string(), z.number()]).transform(String).optional(),
  FirstName: z.string().max(100).optional(),
  MiddleName: z.string().max(100).optional(),
  LastName: z.string().max(100).optional(),
});
/** One C2B confirmation. */
export type C2BConfirmation = z.infer<typeof C2BConfirmation>;

/** `20261125143000` (Nairobi time) as a Date. */
export function transTime(value: string): Date {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) => value.slice(at, at + (i === 0 ? 4 : 2)));
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}+03:00`);
}

/**
 * Records a confirmed M-Pesa gift once per TransID (a sponsorship when the account names a child who may be
 * sponsored); `duplicate` when it was recorded before.
 */
export async function recordC2B(
  payment: C2BConfirmation,
  background: Background = {},
): Promise<{ outcome: 'confirmed' | 'duplicate'; giftId?: string }> {
  return ledgerTransaction(async (tx) => {
    const [recorded] = await tx.query(
      `insert into payment_events (provider, event_key, type, outcome) values ('mpesa', $1, 'c2b.confirmation', 'confirmed')
       on conflict (provider, event_key) do nothing returning id`,
      [payment.TransID],
    );
    if (!recorded) return { outcome: 'duplicate' as const };
    const account = payment.BillRefNumber.trim().toLowerCase();
    const childId = account !== '' ? ((await childById(account, tx))?.id ?? null) : null;
    const name = [payment.FirstName, payment.MiddleName, payment.LastName].filter((part) => part?.trim()).join(' ');
    const pending = await insertGift(tx, {
      reference: `mpesa-${payment.TransID}`,
      provider: 'mpesa',
      kind: childId ? 'sponsorship' : 'donation',
      frequency: 'one-time',
      cause: childId ? null : 'general',
      childId,
      amountSubunits: Math.round(payment.TransAmount * 100),
      currency: 'KES',
      method: 'mpesa',
      donorName: name || null,
      donorPhone: payment.MSISDN ?? null,
      anonymous: name === '',
      recordedBy: 'mpesa',
      providerTxn: payment.TransID,
      note: payment.BillRefNumber ? `Account: ${payment.BillRefNumber}` : null,
    });
    const confirmed = await confirmLocked(tx, pending, {
      providerTxn: payment.TransID,
      method: 'mpesa',
      paidAt: transTime(payment.TransTime),
    });
    await tx.query(`update payment_events set gift_id = $2 where provider = 'mpesa' and event_key = $1`, [
      payment.TransID,
      confirmed.id,
    ]);
    return { outcome: 'confirmed' as const, giftId: confirmed.id };
  }, background);
}
