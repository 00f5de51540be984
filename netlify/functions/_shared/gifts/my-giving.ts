/**
 * What a signed-in donor sees on My giving: their gifts (confirmed or refunded, found by the address on the gift),
 * each receipt as a PDF, and their yearly statements. Every read is bounded by the session's address, so a donor can
 * never reach another donor's gift, receipt or statement by changing an id in an address.
 */
import { localeOr, translator, type Locale } from '../../../../src/i18n/catalogue.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import { query, type Queryable } from '../platform/db.ts';
import { GIFT_COLUMNS, receiptOf, type GiftRow, type SupportsCache } from './gifts.ts';
import { statementOf } from './statements.ts';
import { escapeHtml, sentenceHtml } from '../platform/html-page.ts';
import { answer } from '../platform/http.ts';
import { nairobiDate, receiptLabel, receiptPdf, statementPdf } from './receipt.ts';

/** The gifts a donor sees: confirmed or refunded, newest first. */
export async function donorGifts(email: string, db: Queryable = { query }): Promise<GiftRow[]> {
  return db.query<GiftRow>(
    `select ${GIFT_COLUMNS} from gifts where lower(donor_email) = lower($1) and state in ('confirmed', 'refunded')
     order by confirmed_at desc nulls last, id desc`,
    [email],
  );
}

/**
 * The language a donor's My giving page is shown in: that of the page their latest gift was given from (English for
 * a donor with none).
 */
export async function donorLanguage(email: string, db: Queryable = { query }): Promise<Locale> {
  const [latest] = await db.query<{ language: string }>(
    `select language from gifts where lower(donor_email) = lower($1) order by ts desc, id desc limit 1`,
    [email],
  );
  return localeOr(latest?.language);
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

/**
 * The body of the donor's My giving page (escaped HTML) in `language`; `sections` go above the gifts (monthly
 * gifts). Each gift's own words (how often, what it supports) are those of the page it was given from.
 */
export async function myGivingHtml(
  email: string,
  sections: readonly string[] = [],
  language: Locale = 'en',
): Promise<string> {
  const t = translator(language);
  const gifts = await donorGifts(email);
  const supports: SupportsCache = new Map();
  const receipts = await Promise.all(gifts.map((gift) => receiptOf(gift, { query }, supports)));
  const rows = gifts.map((gift, index) => {
    const receipt = receipts[index]!;
    const refunded = Number(gift.refunded_subunits);
    const money = formatMoney(receipt.amountSubunits, receipt.currency);
    const amount =
      gift.state === 'refunded'
        ? t('myGiving.account.refunded', { amount: money })
        : refunded > 0
          ? t('myGiving.account.partlyRefunded', { amount: money, refunded: formatMoney(refunded, receipt.currency) })
          : money;
    const label = receiptLabel(receipt.number);
    return (
      `<tr><td>${escapeHtml(nairobiDate(receipt.date, language))}</td><td>${escapeHtml(amount)}</td>` +
      `<td>${escapeHtml(`${receipt.frequency}, ${receipt.supports}`)}</td>` +
      `<td><a href="/my-giving/receipts/${escapeHtml(gift.id)}" download>${escapeHtml(t('myGiving.account.receiptLink', { label }))}</a></td></tr>`
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
        `<li><a class="plain" href="/my-giving/statements/${year}" download>${escapeHtml(t('myGiving.account.statementLink', { year }))}</a></li>`,
    )
    .join('');
  const text = (key: Parameters<typeof t>[0]) => escapeHtml(t(key));
  const columns = (['date', 'amount', 'gift', 'receipt'] as const)
    .map((column) => `<th scope="col">${text(`myGiving.account.col.${column}`)}</th>`)
    .join('');
  return [
    `<p>${sentenceHtml(t, 'myGiving.account.signedInAs', { email: `<strong>${escapeHtml(email)}</strong>` })}</p>`,
    `<form class="inline" method="post" action="/my-giving/sign-out"><button type="submit" class="secondary">${text('myGiving.account.signOut')}</button></form>`,
    ...sections,
    `<h2>${text('myGiving.account.giftsHeading')}</h2>`,
    rows.length > 0
      ? `<table><thead><tr>${columns}</tr></thead><tbody>${rows.join('')}</tbody></table>`
      : `<p>${text('myGiving.account.noGifts')}</p>`,
    `<h2>${text('myGiving.account.statementsHeading')}</h2>`,
    statements
      ? `<p class="note">${text('myGiving.account.statementsNote')}</p><ul class="files">${statements}</ul>`
      : `<p>${text('myGiving.account.none')}</p>`,
  ].join('\n');
}
