/**
 * The ledger check of `npm run bench:http`'s gifts rows (./bench-gifts.ts), in the database once the server has
 * stopped.
 */
import { query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import type { GiftRun } from './bench-gifts.ts';

/**
 * Checks the ledger in the database after a run: every paid reference is one confirmed gift with its own receipt
 * number (no gaps), confirmed once (one `gift.confirmed` event), with one receipt email queued (by its dedup key) and
 * sent, and the SMTP server got exactly one receipt, with its PDF, per gift; every TransID is one confirmed gift.
 * Prints the figures and returns the invariants broken.
 */
export async function checkGifts(database: string, target: DatabaseTarget, run: GiftRun): Promise<string[]> {
  const failures = [...run.failures];
  const fail = (what: string) => failures.push(`${database}: ${what}`);
  const [ledger] = await query<Record<string, number>>(
    `select count(*)::int as gifts,
       count(*) filter (where state = 'confirmed')::int as confirmed,
       count(*) filter (where reference = any($1))::int as paid_rows,
       count(*) filter (where reference = any($1) and state = 'confirmed' and receipt_no is not null)::int as paid_confirmed,
       count(*) filter (where reference = any($2))::int as mpesa_rows,
       count(*) filter (where reference = any($2) and state = 'confirmed' and receipt_no is not null)::int as mpesa_confirmed,
       count(distinct receipt_no)::int as receipt_numbers,
       coalesce(max(receipt_no) - min(receipt_no) + 1, 0)::int as receipt_span,
       count(*) filter (where flag is not null)::int as flagged
     from gifts`,
    [run.paid, run.transIds.map((id) => `mpesa-${id}`)],
    target,
  );
  const [twice] = await query<{ gifts: number; events: number }>(
    `select count(distinct payload->>'giftId')::int as gifts, count(*)::int as events
     from events where type = 'gift.confirmed'`,
    [],
    target,
  );
  const [outbox] = await query<Record<string, number>>(
    `select count(*)::int as rows, count(distinct dedup_key)::int as keys,
       count(*) filter (where status = 'sent')::int as sent,
       count(*) filter (where g.id is null)::int as orphans
     from notification_outbox o left join gifts g on o.dedup_key = 'receipt:' || g.id
     where o.source = 'gift_receipt'`,
    [],
    target,
  );
  const [emails] = await query<{ n: number; donors: number }>(
    `select count(*)::int as n, count(distinct donor_email)::int as donors
     from gifts where state = 'confirmed' and donor_email is not null`,
    [],
    target,
  );
  const [events] = await query<Record<string, number>>(
    `select count(*) filter (where provider = 'paystack')::int as paystack,
       count(*) filter (where provider = 'mpesa')::int as mpesa from payment_events`,
    [],
    target,
  );
  const [sponsors] = await query<{ active: number; children: number }>(
    `select count(*)::int as active, count(distinct child_id)::int as children from sponsorships where state = 'active'`,
    [],
    target,
  );
  const mpesa = new Set(run.transIds).size;
  const mails = run.receiptMails;
  const distinctMails = new Set(mails.map((mail) => mail.messageId)).size;
  const distinctRecipients = new Set(mails.map((mail) => mail.to)).size;
  console.log(
    `${database.padEnd(9)} ledger   ${ledger?.['gifts']} gifts, ${ledger?.['confirmed']} confirmed; ` +
      `${run.paid.length} references paid by webhook → ${ledger?.['paid_rows']} rows, ${ledger?.['paid_confirmed']} confirmed with a receipt number; ` +
      `${mpesa} TransIDs → ${ledger?.['mpesa_rows']} rows, ${ledger?.['mpesa_confirmed']} confirmed; ` +
      `receipt numbers ${ledger?.['receipt_numbers']} distinct over a span of ${ledger?.['receipt_span']}; ` +
      `gift.confirmed events ${twice?.events} for ${twice?.gifts} gifts; flagged ${ledger?.['flagged']}; ` +
      `payment events paystack ${events?.['paystack']}, mpesa ${events?.['mpesa']}; active sponsors ${sponsors?.active} ` +
      `for ${sponsors?.children} children`,
  );
  console.log(
    `${database.padEnd(9)} receipts outbox ${outbox?.['rows']} rows (${outbox?.['keys']} keys, ${outbox?.['sent']} sent, ` +
      `${outbox?.['orphans']} without a gift) for ${emails?.n} confirmed gifts with an email; SMTP received ` +
      `${mails.length} receipts (${distinctMails} distinct Message-IDs, ${distinctRecipients} recipients for ` +
      `${emails?.donors} donors, ` +
      `${mails.filter((mail) => mail.pdf).length} with a PDF)`,
  );
  if (ledger?.['paid_rows'] !== run.paid.length || ledger['paid_confirmed'] !== run.paid.length) {
    fail('not every paid reference is exactly one confirmed gift with a receipt number');
  }
  if (ledger?.['mpesa_rows'] !== mpesa || ledger['mpesa_confirmed'] !== mpesa) {
    fail('not every TransID is exactly one confirmed gift with a receipt number');
  }
  if (ledger?.['receipt_numbers'] !== ledger?.['confirmed'] || ledger?.['receipt_span'] !== ledger?.['confirmed']) {
    fail('receipt numbers are not one per confirmed gift without gaps');
  }
  if (twice?.events !== twice?.gifts || twice?.gifts !== ledger?.['confirmed']) fail('a gift was confirmed twice');
  if (ledger?.['flagged'] !== 0) fail('a gift was flagged');
  if (events?.['paystack'] !== run.paid.length || events['mpesa'] !== mpesa) {
    fail('payment events are not one per provider transaction');
  }
  if (sponsors?.active !== sponsors?.children) fail('a child has two active sponsors');
  const queued = emails?.n;
  if (outbox?.['rows'] !== queued || outbox?.['keys'] !== queued || outbox?.['orphans'] !== 0) {
    fail('receipt emails queued are not one per confirmed gift');
  }
  if (outbox?.['sent'] !== queued) fail('not every receipt email was sent');
  // My giving's donor (bench-my-giving.ts) has many gifts: one receipt per gift, so as many recipients as donors.
  if (mails.length !== queued || distinctMails !== queued || distinctRecipients !== emails?.donors) {
    fail('the SMTP server did not receive exactly one receipt per gift');
  }
  if (mails.some((mail) => !mail.pdf)) fail('a receipt email came without its PDF');
  return failures;
}
