/**
 * M-Pesa sent straight to the charity's Paybill (Safaricom Daraja C2B). Daraja does not sign its callbacks, so the
 * confirmation URL registered with Safaricom carries a long secret (`MPESA_C2B_PATH_SECRET`) and the payload is
 * checked for its documented shape and our short code (`MPESA_PAYBILL`). Each TransID is recorded once.
 */
import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { PAYBILL_GIFT_ACCOUNT } from '../../../../src/lib/constants.ts';
import { formatMoney, giftMinimums, MAX_GIFT_UNITS } from '../../../../src/lib/money.ts';
import { moneyAmount } from '../../../../src/schemas/fields.ts';
import type { Background } from '../content/build-hook.ts';
import { commitmentByTarget, payInstalment } from './commitments.ts';
import { FREQUENCY_OF_INTERVAL, looksLikeAccount } from './commitment-rules.ts';
import { childById, confirmLocked, flagLocked, insertGift, ledgerTransaction } from './gifts.ts';

/** The account donors type for a general gift; a child's id makes it a gift towards that child's care. */
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

/** Text Daraja sends in a field: at most `max` characters, none of them a control character. */
const field = (max: number) =>
  z
    .string()
    .max(max, `At most ${max} characters`)
    .regex(/^\P{Cc}*$/u, 'Control characters are not allowed');

/** A value Daraja may send as a number or as text, as text. */
const digits = (pattern: RegExp, message: string) =>
  z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(pattern, message));

/**
 * Daraja's C2B payload, the same for validation and confirmation (the fields the ledger reads; others are allowed),
 * parsed strictly: a real date and time, an amount of at most two decimals, bounded text.
 */
export const C2BConfirmation = z.object({
  TransactionType: field(40),
  TransID: z.string().regex(/^[A-Z0-9]{6,20}$/, 'TransID must be letters and digits'),
  TransTime: z.string().refine(isTransTime, 'TransTime must be a real date and time, YYYYMMDDHHmmss'),
  TransAmount: moneyAmount('TransAmount').pipe(
    z.number().positive('TransAmount must be more than 0').max(MAX_GIFT_UNITS, 'TransAmount is too large'),
  ),
  BusinessShortCode: digits(/^[0-9]{5,7}$/, 'BusinessShortCode must be 5 to 7 digits'),
  BillRefNumber: field(60).default(''),
  // Daraja masks the number (`2547 ***** 126`) or sends its SHA-256 (64 hex digits).
  MSISDN: z
    .union([field(64), z.number()])
    .transform(String)
    .optional(),
  FirstName: field(100).optional(),
  MiddleName: field(100).optional(),
  LastName: field(100).optional(),
});
/** One C2B confirmation. */
export type C2BConfirmation = z.infer<typeof C2BConfirmation>;

/** The parts of `20261125143000`, or undefined when it is not 14 digits. */
function transTimeParts(value: string): [number, number, number, number, number, number] | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number);
  return [y!, mo!, d!, h!, mi!, s!];
}

/** True when `value` is a real moment written YYYYMMDDHHmmss in this century (`20261399999999` is not). */
export function isTransTime(value: string): boolean {
  const parts = transTimeParts(value);
  if (!parts) return false;
  const [y, mo, d, h, mi, s] = parts;
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    y >= 2000 &&
    y < 2100 &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

/** `20261125143000` (Nairobi time, three hours ahead of UTC all year) as a Date; checked by {@link isTransTime}. */
export function transTime(value: string): Date {
  const [y, mo, d, h, mi, s] = transTimeParts(value) ?? [NaN, NaN, NaN, NaN, NaN, NaN];
  return new Date(Date.UTC(y, mo - 1, d, h - 3, mi, s));
}

/**
 * Daraja's documented answers to a validation request: accept, or reject with the code of what is wrong (the
 * payment then never happens). A confirmation is answered with `ResultCode` 0 once it is recorded.
 */
export const C2B_RESULT = {
  accepted: { ResultCode: '0', ResultDesc: 'Accepted' },
  invalidMsisdn: { ResultCode: 'C2B00011', ResultDesc: 'Rejected' },
  invalidAccount: { ResultCode: 'C2B00012', ResultDesc: 'Rejected' },
  invalidAmount: { ResultCode: 'C2B00013', ResultDesc: 'Rejected' },
  invalidShortcode: { ResultCode: 'C2B00015', ResultDesc: 'Rejected' },
  otherError: { ResultCode: 'C2B00016', ResultDesc: 'Rejected' },
} as const;

/** The documented rejection for a payload whose first problem is at `field`. */
export function c2bRejection(field: string | undefined): (typeof C2B_RESULT)[keyof typeof C2B_RESULT] {
  if (field === 'TransAmount') return C2B_RESULT.invalidAmount;
  if (field === 'MSISDN') return C2B_RESULT.invalidMsisdn;
  if (field === 'BillRefNumber') return C2B_RESULT.invalidAccount;
  if (field === 'BusinessShortCode') return C2B_RESULT.invalidShortcode;
  return C2B_RESULT.otherError;
}

/**
 * Records a confirmed M-Pesa gift once per TransID: an instalment of the commitment whose account it names, a gift
 * towards a child's care when it names a child, else a general gift (flagged for staff when it names an account no
 * commitment has); `duplicate` when it was recorded before. A payment below the Paybill minimum is kept and flagged
 * for staff.
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
    const billRef = payment.BillRefNumber.trim();
    // A commitment's own account first (never the MSISDN, which Daraja masks or hashes), then a child's id: a
    // one-off payment naming a child is a gift towards her care, which never makes her sponsored.
    const commitment = billRef !== '' ? await commitmentByTarget({ account: billRef }, tx) : undefined;
    const childId =
      commitment?.child_id ?? (billRef !== '' ? ((await childById(billRef.toLowerCase(), tx))?.id ?? null) : null);
    // A payment below the Paybill minimum is kept and flagged for staff (it is less than any instalment, so it pays
    // none and sponsors no one).
    const minimum = giftMinimums(process.env).mpesaKes;
    const belowMinimum = payment.TransAmount < minimum;
    const name = [payment.FirstName, payment.MiddleName, payment.LastName].filter((part) => part?.trim()).join(' ');
    const unknownAccount = !commitment && looksLikeAccount(billRef);
    const pending = await insertGift(tx, {
      reference: `mpesa-${payment.TransID}`,
      provider: 'mpesa',
      kind: commitment?.kind ?? 'donation',
      frequency: commitment ? (FREQUENCY_OF_INTERVAL[commitment.interval_months] ?? 'monthly') : 'one-time',
      // A payment of a commitment hangs off the gift that started it, as a card renewal does.
      parentId: commitment?.gift_id ?? null,
      cause: commitment ? commitment.cause : childId ? null : 'general',
      childId,
      amountSubunits: Math.round(payment.TransAmount * 100),
      currency: 'KES',
      method: 'mpesa',
      donorName: name || commitment?.donor_name || null,
      donorEmail: commitment?.donor_email ?? null,
      donorPhone: payment.MSISDN ?? null,
      anonymous: commitment ? commitment.anonymous : name === '',
      recordedBy: 'mpesa',
      providerTxn: payment.TransID,
      note: billRef ? `Account: ${billRef}` : null,
      // A commitment's payment is receipted in the language it was made in.
      language: commitment?.language ?? 'en',
    });
    const confirmed = await confirmLocked(tx, pending, {
      providerTxn: payment.TransID,
      method: 'mpesa',
      paidAt: transTime(payment.TransTime),
    });
    if (belowMinimum) {
      await flagLocked(
        tx,
        confirmed,
        `This M-Pesa payment of ${formatMoney(Number(confirmed.amount_subunits), 'KES')} is below the smallest Paybill gift ` +
          `of ${formatMoney(minimum * 100, 'KES')}, so it pays no instalment and sponsors no one: check it.`,
      );
    } else if (unknownAccount) {
      await flagLocked(
        tx,
        confirmed,
        `The account ${billRef} belongs to no monthly gift or sponsorship: find whose it is before anything else.`,
      );
    }
    if (commitment) {
      const paid = await payInstalment(tx, { commitmentId: commitment.id }, confirmed);
      if (paid.outcome === 'not-an-instalment') {
        await tx.query("update gifts set note = concat_ws(' ', note, $2::text) where id = $1", [
          confirmed.id,
          `Not counted as an instalment: ${paid.why}`,
        ]);
      }
    }
    await tx.query(`update payment_events set gift_id = $2 where provider = 'mpesa' and event_key = $1`, [
      payment.TransID,
      confirmed.id,
    ]);
    return { outcome: 'confirmed' as const, giftId: confirmed.id };
  }, background);
}
