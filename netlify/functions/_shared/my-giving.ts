/**
 * What a signed-in donor sees on My giving: their gifts (confirmed or refunded, found by the address on the gift),
 * each receipt as a PDF, and their yearly statements. Every read is bounded by the session's address, so a donor can
 * never reach another donor's gift, receipt or statement by changing an id in an address.
 */
import { formatMoney } from '../../../src/lib/money.ts';
import { query, type Queryable } from './db.ts';
import { GIFT_COLUMNS, receiptOf, type GiftRow, type SupportsCache } from './gifts.ts';
import { statementOf } from './statements.ts';
import { escapeHtml } from './html-page.ts';
import { answer } from './http.ts';
import { nairobiDate, receiptLabel, receiptPdf, statementPdf } from './receipt.ts';

/** The gifts a donor sees: confirmed or refunded, newest first. */
export async function donorGifts(email: string, db: Queryable = { query }): Promise<GiftRow[]> {
  return db.query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts where lower(donor_email) = lower($1) and state in ('confirmed', 'refunded')
     order by confirmed_at desc nulls last, id desc`,
    [email],
  );
}

/** One of the donor's gifts by id; undefined when it is not theirs (or not confirmed or refunded). */
async function donorGift(email: string, id: string, db: Queryable = { query }): Promise<GiftRow | undefined> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return undefined;
  const [gift] = await db.query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts where id = $1 and lower(donor_email) = lower($2)
       and state in ('confirmed', 'refunded') and receipt_no is not null`,
    [id, email],
  );
  return gift;
}

/** A PDF to download. */
export interface PdfFile {
  readonly filename: string;
  readonly bytes: Buffer;
}

/** The receipt PDF of one of the donor's gifts; undefined when the gift is not theirs. */
export async function donorReceipt(email: string, id: string): Promise<PdfFile | undefined> {
  const gift = await donorGift(email, id);
  if (!gift) return undefined;
  const receipt = await receiptOf(gift);
  return { filename: `receipt-${receiptLabel(receipt.number)}.pdf`, bytes: await receiptPdf(receipt) };
}

/** The donor's statement of `year` as a PDF; undefined when they gave nothing that year. */
export async function donorStatement(email: string, year: string): Promise<PdfFile | undefined> {
  if (!/^20[0-9]{2}$/.test(year)) return undefined;
  const found = await statementOf(email, Number(year));
  return found && { filename: `statement-${year}.pdf`, bytes: await statementPdf(found.statement) };
}

/** A PDF answer, downloaded rather than shown, never cached. */
export function pdfResponse(file: PdfFile): Response {
  return answer(new Uint8Array(file.bytes), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'no-store',
  });
}

const nairobiYear = (date: Date) => Number(nairobiDate(date).slice(-4));

/** The body of the donor's My giving page (escaped HTML); `sections` go above the gifts (monthly gifts). */
export async function myGivingHtml(email: string, sections: readonly string[] = []): Promise<string> {
  const gifts = await donorGifts(email);
  const supports: SupportsCache = new Map();
  const receipts = await Promise.all(gifts.map((gift) => receiptOf(gift, { query }, supports)));
  const rows = gifts.map((gift, index) => {
    const receipt = receipts[index]!;
    const refunded = Number(gift.refunded_subunits);
    const amount =
      gift.state === 'refunded'
        ? `${formatMoney(receipt.amountSubunits, receipt.currency)} (refunded)`
        : refunded > 0
          ? `${formatMoney(receipt.amountSubunits, receipt.currency)} (${formatMoney(refunded, receipt.currency)} refunded)`
          : formatMoney(receipt.amountSubunits, receipt.currency);
    const label = receiptLabel(receipt.number);
    return (
      `<tr><td>${escapeHtml(nairobiDate(receipt.date))}</td><td>${escapeHtml(amount)}</td>` +
      `<td>${escapeHtml(`${receipt.frequency}, ${receipt.supports}`)}</td>` +
      `<td><a href="/my-giving/receipts/${escapeHtml(gift.id)}" download>Receipt ${escapeHtml(label)} (PDF)</a></td></tr>`
    );
  });
  const years = [
    ...new Set(
      gifts.flatMap((gift, index) => (gift.state === 'confirmed' ? [nairobiYear(receipts[index]!.date)] : [])),
    ),
  ].sort((a, b) => b - a);
  const statements = years
    .map(
      (year) =>
        `<li><a class="plain" href="/my-giving/statements/${year}" download>Statement of ${year} (PDF)</a></li>`,
    )
    .join('');
  return [
    `<p>Signed in as <strong>${escapeHtml(email)}</strong>.</p>`,
    `<form class="inline" method="post" action="/my-giving/sign-out"><button type="submit" class="secondary">Sign out</button></form>`,
    ...sections,
    '<h2>Your gifts</h2>',
    rows.length > 0
      ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Gift</th><th scope="col">Receipt</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
      : '<p>No gift has reached us from this address yet.</p>',
    '<h2>Yearly statements</h2>',
    statements
      ? `<p class="note">Every confirmed gift of a year, for your records and tax return.</p><ul class="files">${statements}</ul>`
      : '<p>None yet.</p>',
  ].join('\n');
}
