/**
 * The receipt of a confirmed gift: its text (the email) and its PDF copy (attached), both from one description, so
 * the two never disagree. Numbered by the ledger (gifts.receipt_no), never reused.
 */
import PDFDocument from 'pdfkit';
import siteContent from '../../../../src/content/site.json' with { type: 'json' };
import { receiptLabel } from '../../../../src/lib/gift-labels.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import { myGivingUrl } from './site-links.ts';
import {
  CATALOGUES,
  translator,
  type Locale,
  type MessageKey,
  type Translate,
} from '../../../../src/i18n/catalogue.ts';
import { dateLocale } from '../../../../src/i18n/dates.ts';

/** What a receipt states. */
export interface Receipt {
  readonly number: number;
  readonly donorName: string | null;
  readonly amountSubunits: number;
  readonly currency: string;
  /** When the money arrived. */
  readonly date: Date;
  /** How it was paid, in words ("Card", "M-Pesa"). */
  readonly method: string;
  /** What it supports, in words ("Education", "Sponsorship of Amani"). */
  readonly supports: string;
  /** One-time, monthly… */
  readonly frequency: string;
  /** The provider's transaction id, for the donor's own records. */
  readonly transaction: string | null;
  /** How much of it has been refunded since (0 on a receipt, which is written when the money arrives). */
  readonly refundedSubunits: number;
  /** The language it is written in (its words above already are): that of the page the gift came from. */
  readonly language?: Locale;
}

/**
 * A yearly statement: every confirmed gift of one donor in one calendar year, each counted at what the charity kept
 * of it (a gift refunded in full is no longer confirmed and is not on it).
 */
export interface Statement {
  readonly year: number;
  readonly donorName: string | null;
  readonly gifts: readonly Receipt[];
  /** The language it is written in: that of the donor's latest gift on it. */
  readonly language: Locale;
}

const charity = siteContent[0]!;

/** The charity's details as every receipt prints them. */
export const CHARITY_LINES: readonly string[] = [
  charity.name,
  charity.contact.address,
  `${charity.contact.email} · ${charity.contact.phone}`,
];

export { receiptLabel };

// One formatter per language for every date: making one per call is what a page of many gifts would spend its time on.
const NAIROBI_DATES = new Map<string, Intl.DateTimeFormat>();

/** A date as receipts print it, in Nairobi: `27 November 2026` (`27 Novemba 2026` in Kiswahili). */
export const nairobiDate = (date: Date, language: Locale = 'en') => {
  let format = NAIROBI_DATES.get(language);
  if (!format) {
    const options = { timeZone: 'Africa/Nairobi', day: 'numeric', month: 'long', year: 'numeric' } as const;
    format = new Intl.DateTimeFormat(dateLocale(language), options);
    NAIROBI_DATES.set(language, format);
  }
  return format.format(date);
};

/** A payment method in the words of `t`'s language; one the catalogue does not name comes back as it is. */
export function translatedMethod(t: Translate, method: string): string {
  const key = `receipt.methodName.${method}`;
  return Object.hasOwn(CATALOGUES.en, key) ? t(key as MessageKey) : method;
}

/** The lines of a receipt, label and value, in its language. */
export function receiptFields(receipt: Receipt): [string, string][] {
  const language = receipt.language ?? 'en';
  const t = translator(language);
  return [
    [t('receipt.number'), receiptLabel(receipt.number)],
    [t('receipt.from'), receipt.donorName || t('receipt.anonymous')],
    [t('receipt.amount'), formatMoney(receipt.amountSubunits, receipt.currency)],
    [t('receipt.date'), nairobiDate(receipt.date, language)],
    [t('receipt.method'), receipt.method],
    [t('receipt.gift'), `${receipt.frequency}, ${receipt.supports}`],
    ...(receipt.transaction ? [[t('receipt.transaction'), receipt.transaction] as [string, string]] : []),
  ];
}

/** The receipt email's subject, in its language. */
export function receiptSubject(receipt: Receipt): string {
  return translator(receipt.language ?? 'en')('receipt.subject', {
    number: receiptLabel(receipt.number),
    name: charity.name,
  });
}

/** The receipt email's text, in its language. */
export function receiptText(receipt: Receipt): string {
  const t = translator(receipt.language ?? 'en');
  return [
    receipt.donorName ? t('receipt.thanksName', { name: receipt.donorName }) : t('receipt.thanks'),
    '',
    ...receiptFields(receipt).map(([label, value]) => `${label}: ${value}`),
    '',
    t('receipt.pdfAttached'),
    '',
    t('receipt.myGiving', { link: myGivingUrl(receipt.language) }),
    '',
    ...CHARITY_LINES,
  ].join('\n');
}

/**
 * The email telling a donor that `refundedNow` of a gift went back to them: what is left of the gift, which their
 * yearly statement counts, or that none is.
 */
export function refundText(receipt: Receipt, refundedNow: number): string {
  const language = receipt.language ?? 'en';
  const t = translator(language);
  const money = (subunits: number) => formatMoney(subunits, receipt.currency);
  const left = kept(receipt);
  const refunded = {
    refunded: money(refundedNow),
    amount: money(receipt.amountSubunits),
    number: receiptLabel(receipt.number),
    date: nairobiDate(receipt.date, language),
  };
  return [
    t('email.dear', { name: receipt.donorName || t('email.friend') }),
    '',
    t('mail.refund.done', refunded),
    left > 0 ? t('mail.refund.left', { left: money(left) }) : t('mail.refund.all'),
    t('mail.refund.days'),
    '',
    t('mail.refund.unexpected', { email: charity.contact.email }),
    '',
    t('receipt.myGiving', { link: myGivingUrl(language) }),
    '',
    ...CHARITY_LINES,
  ].join('\n');
}

/** The refund email's subject, in the receipt's language. */
export function refundSubject(receipt: Receipt, refundedNow: number): string {
  return translator(receipt.language ?? 'en')('mail.refund.subject', {
    amount: formatMoney(refundedNow, receipt.currency),
  });
}

/** Renders a PDF to bytes: A4, the charity as author, `title` in its properties. */
export function render(draw: (doc: PDFKit.PDFDocument) => void, title: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: charity.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    draw(doc);
    doc.end();
  });
}

/** The charity's name and details at the top, then `heading`. */
export function letterhead(doc: PDFKit.PDFDocument, heading: string): void {
  doc.fillColor('#c2410c').font('Helvetica-Bold').fontSize(20).text(charity.name);
  doc.fillColor('#291a0f').font('Helvetica').fontSize(10).text(CHARITY_LINES.slice(1).join('\n'));
  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(16).text(heading).moveDown(0.5);
}

/** Lines of `label: value`, the label bold. */
export function fields(doc: PDFKit.PDFDocument, rows: readonly [string, string][]): void {
  for (const [label, value] of rows) {
    doc.font('Helvetica-Bold').fontSize(11).text(`${label}: `, { continued: true }).font('Helvetica').text(value);
  }
}

/** The receipt as a one-page PDF. */
export function receiptPdf(receipt: Receipt): Promise<Buffer> {
  const t = translator(receipt.language ?? 'en');
  const title = t('receipt.title', { number: receiptLabel(receipt.number) });
  return render((doc) => {
    letterhead(doc, title);
    fields(doc, receiptFields(receipt));
    doc.moveDown(1.5).font('Helvetica').fontSize(11).text(t('receipt.pdfThanks'));
  }, title);
}

/** The lines of a yearly statement's total per currency. */
export function statementTotals(statement: Statement): string[] {
  const totals = new Map<string, number>();
  for (const gift of statement.gifts) totals.set(gift.currency, (totals.get(gift.currency) ?? 0) + kept(gift));
  return [...totals].map(([currency, subunits]) => formatMoney(subunits, currency));
}

/** What the charity kept of a gift: its amount less what was refunded. */
function kept(gift: Receipt): number {
  return gift.amountSubunits - gift.refundedSubunits;
}

/** One gift's line on a statement; a partly refunded gift says what was given and what was refunded. */
function statementLine(gift: Receipt, language: Locale): string {
  const t = translator(language);
  const money = (subunits: number) => formatMoney(subunits, gift.currency);
  const refund =
    gift.refundedSubunits > 0
      ? ` (${t('statement.givenRefunded', { given: money(gift.amountSubunits), refunded: money(gift.refundedSubunits) })})`
      : '';
  const date = nairobiDate(gift.date, language);
  return `${receiptLabel(gift.number)}   ${date}   ${money(kept(gift))}${refund}   ${gift.supports}`;
}

/** The yearly statement email's subject, in its language. */
export function statementSubject(statement: Statement): string {
  return translator(statement.language)('statement.subject', { name: charity.name, year: statement.year });
}

/** The yearly statement email's text, in its language. */
export function statementText(statement: Statement): string {
  const t = translator(statement.language);
  const vars = { year: statement.year };
  return [
    statement.donorName
      ? t('statement.thanksName', { ...vars, name: statement.donorName })
      : t('statement.thanks', vars),
    '',
    ...statement.gifts.map((gift) => statementLine(gift, statement.language)),
    '',
    t('statement.total', { total: statementTotals(statement).join(' + ') }),
    '',
    t('receipt.pdfAttached'),
    '',
    t('receipt.myGiving', { link: myGivingUrl(statement.language) }),
    '',
    ...CHARITY_LINES,
  ].join('\n');
}

/** The yearly statement as a PDF. */
export function statementPdf(statement: Statement): Promise<Buffer> {
  const t = translator(statement.language);
  return render(
    (doc) => {
      letterhead(doc, t('statement.heading', { year: statement.year }));
      fields(doc, [[t('statement.donor'), statement.donorName || t('receipt.anonymous')]]);
      doc.moveDown();
      for (const gift of statement.gifts) {
        doc.font('Helvetica').fontSize(11).text(statementLine(gift, statement.language));
      }
      doc
        .moveDown()
        .font('Helvetica-Bold')
        .text(t('statement.total', { total: statementTotals(statement).join(' + ') }));
    },
    t('statement.title', { year: statement.year }),
  );
}
