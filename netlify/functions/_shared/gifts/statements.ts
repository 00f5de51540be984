/**
 * Yearly statements: every confirmed gift of one donor in one calendar year (Nairobi's), for the statement email
 * staff send and the PDF a donor downloads from My giving.
 */
import { query, type Queryable } from '../platform/db.ts';
import { GIFT_COLUMNS, receiptOf, type GiftRow, type SupportsCache } from './gifts.ts';
import type { Statement } from './receipt.ts';

/**
 * The yearly statement of `email`'s confirmed gifts in `year` (Nairobi's calendar), oldest first; undefined when there
 * is none. The statement carries the donor's name from their first gift not given anonymously.
 */
export async function statementOf(
  email: string,
  year: number,
  db: Queryable = { query },
): Promise<{ statement: Statement; gifts: GiftRow[] } | undefined> {
  const gifts = await db.query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts where lower(donor_email) = lower($1) and state = 'confirmed'
       and extract(year from confirmed_at at time zone 'Africa/Nairobi') = $2 order by confirmed_at, id`,
    [email, year],
  );
  if (gifts.length === 0) return undefined;
  const named = gifts.find((gift) => !gift.anonymous && gift.donor_name);
  const supports: SupportsCache = new Map();
  const receipts = await Promise.all(gifts.map((gift) => receiptOf(gift, db, supports)));
  const language = receipts.at(-1)?.language ?? 'en';
  return { statement: { year, donorName: named?.donor_name ?? null, gifts: receipts, language }, gifts };
}
