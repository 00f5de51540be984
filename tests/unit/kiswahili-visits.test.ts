/**
 * Kiswahili visits without a browser: the thank-you page of a gift given from a /sw/ page is in Kiswahili (confirmed,
 * processing, not paid), that of an English gift stays English; the function pages say their language; the contact
 * page's office hours and clock in Kiswahili.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import thankYou from '../../netlify/functions/thank-you.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { htmlPage } from '../../netlify/functions/_shared/platform/html-page.ts';
import { donorLanguage, myGivingHtml } from '../../netlify/functions/_shared/gifts/my-giving.ts';
import { commitmentsHtml } from '../../netlify/functions/_shared/gifts/my-giving-commitments.ts';
import { translate, wordsFor } from '../../src/i18n/catalogue.ts';
import { LETTER_STATE_LABELS } from '../../src/schemas/letters.ts';
import { ENGLISH_CLOCK_WORDS } from '../../src/scripts/office-clock.ts';
import { formatNairobiDate, formatNairobiTime, officeDaysLabel } from '../../src/lib/office-hours.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { postCheckout } from '../support/gifts.ts';
import { donationForm } from '../support/payments.ts';
import { useEnv, useJwtSecret, usePaystack } from '../support/admin.ts';

const TABLES = [
  'events',
  'gifts',
  'payment_events',
  'paystack_plans',
  'notification_outbox',
  'rate_limits',
  'commitments',
  'commitment_instalments',
];
const SITE = 'http://localhost:8888';

describe.each(databases)('the thank-you page in the gift’s language on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  const standIn = usePaystack();
  useEnv({ SITE_URL: SITE, URL: undefined, SMTP_URL: undefined });
  beforeEach(async () => {
    await truncate(database, TABLES);
    await query('delete from receipt_counter');
  });

  /** A card checkout of $50 to Education from a page in `language`; the gift's reference. */
  async function checkoutGift(language: 'en' | 'sw'): Promise<string> {
    const res = await postCheckout(donationForm({ language }));
    expect(res.status).toBe(303);
    const [gift] = await rows<{ reference: string }>(database, 'select reference from gifts');
    return gift!.reference;
  }

  const visit = async (reference: string) =>
    (await thankYou(new Request(`${SITE}/thank-you?reference=${reference}`), context('203.0.113.41'))).text();

  test('a gift from a Kiswahili page: processing, then confirmed, in Kiswahili', async () => {
    const reference = await checkoutGift('sw');
    const processing = await visit(reference);
    expect(processing).toContain('<html lang="sw">');
    expect(processing).toContain('<h1>Malipo yako yanashughulikiwa</h1>');
    expect(processing).toContain(
      'Mchango wako wa <strong>$50.00</strong> (mara moja, Elimu (mchango)) haujatufikia bado.',
    );
    expect(processing).toContain('<header><a href="/sw/">');

    standIn.current.pay(reference);
    const confirmed = await visit(reference);
    expect(confirmed).toContain('<h1>Asante: mchango wako umetufikia</h1>');
    expect(confirmed).toContain('Tumepokea mchango wako wa <strong>$50.00</strong> (mara moja, Elimu (mchango)).');
    expect(confirmed).toContain('Risiti yako iko njiani');
    expect(confirmed).toContain(`<a href="${SITE}/sw/my-giving/">Nenda kwenye Michango Yangu</a>`);
    expect(confirmed).not.toContain('Thank you');
  });

  test('a Kiswahili gift that was not paid offers to try again on the Kiswahili donate page', async () => {
    const reference = await checkoutGift('sw');
    standIn.current.transactions.get(reference)!.status = 'failed';
    const html = await visit(reference);
    expect(html).toContain('<h1>Malipo yako hayakufanikiwa</h1>');
    expect(html).toContain('<a href="/sw/donate/">Jaribu tena</a>');
  });

  test('a donor whose latest gift came from a Kiswahili page sees My giving in Kiswahili', async () => {
    expect(await donorLanguage('faith@example.org')).toBe('en');
    const reference = await checkoutGift('sw');
    standIn.current.pay(reference);
    await visit(reference);
    const language = await donorLanguage('FAITH@example.org');
    expect(language).toBe('sw');
    const html = await myGivingHtml('faith@example.org', [], language);
    expect(html).toContain('<p>Umeingia kama <strong>faith@example.org</strong>.</p>');
    expect(html).toContain('<h2>Michango yako</h2>');
    expect(html).toContain('<th scope="col">Tarehe</th>');
    expect(html).toContain('Mara moja, Elimu (mchango)');
    expect(html).toMatch(/>Risiti R-\d{6} \(PDF\)</);
    expect(html).toContain('<h2>Taarifa za kila mwaka</h2>');
    expect(await myGivingHtml('faith@example.org')).toContain('<h2>Your gifts</h2>');
  });

  test('a monthly M-Pesa gift on a Kiswahili My giving page', async () => {
    await query(
      `insert into commitments (kind, cause, donor_name, donor_email, amount_subunits, currency, method, interval_months,
         due_day, starts_on, state, account)
       values ('donation', 'education', 'Faith', 'faith@example.org', 150000, 'KES', 'mpesa', 1, 5, '2026-08-01',
         'active', 'TUM4821')`,
    );
    const html = await commitmentsHtml('faith@example.org', new Date('2026-09-20T09:00:00+03:00'), 'sw');
    expect(html).toContain('<h2>Michango ya kila mwezi na ufadhili</h2>');
    expect(html).toMatch(/<h3>KES 1,500(\.00)? kila mwezi, Elimu \(mchango\)<\/h3>/);
    expect(html).toContain('<p>Unaendelea. Hulipwa kwa M-Pesa.</p>');
    expect(html).toContain('>Sitisha</button>');
    expect(html).toContain('>Kiasi kipya (KES)</label>');
    // How to pay the M-Pesa account, in the page's language too.
    expect(html).toContain('Namba yako ya akaunti ya M-Pesa: <strong>TUM4821</strong>');
    expect(html).toContain('Ratiba');
    expect(html).not.toMatch(/Your M-Pesa account|Set it up once|Or pay each time/);
    const english = await commitmentsHtml('faith@example.org');
    expect(english).toContain('<p>Active. Paid by M-Pesa.</p>');
    expect(english).toContain('Your M-Pesa account number: <strong>TUM4821</strong>');
    expect(english).toContain('Or pay each time by hand:');
  });

  test('a gift from an English page stays in English', async () => {
    const reference = await checkoutGift('en');
    standIn.current.pay(reference);
    const html = await visit(reference);
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Thank you: your gift has arrived</h1>');
    expect(html).toContain('We have received your gift of <strong>$50.00</strong>, a one-time Education (donation).');
    expect(html).toContain(`<a href="${SITE}/my-giving/">Go to My giving</a>`);
  });
});

test('a function page says its language and links to its home page', async () => {
  const sw = await htmlPage({ title: 'Asante', html: '<p>Sawa</p>', tone: 'success', language: 'sw' }, 200).text();
  expect(sw).toContain('<html lang="sw">');
  expect(sw).toContain('<header><a href="/sw/">');
  const en = await htmlPage({ title: 'Thanks', html: '<p>Fine</p>', tone: 'success' }, 200).text();
  expect(en).toContain('<html lang="en">');
  expect(en).toContain('<header><a href="/">');
});

test('My giving names a letter’s state in English as the staff do', () => {
  for (const [state, label] of Object.entries(LETTER_STATE_LABELS)) {
    expect(translate('en', `myGiving.news.letterState.${state as keyof typeof LETTER_STATE_LABELS}`)).toBe(label);
  }
});

test('the office hours and the clock in Kiswahili', () => {
  expect(officeDaysLabel([1, 2, 3, 4, 5], 'sw-KE')).toBe('Jumatatu – Ijumaa');
  expect(officeDaysLabel([6], 'sw-KE')).toBe('Jumamosi');
  expect(officeDaysLabel([0, 6], 'sw-KE')).toBe('Jumapili, Jumamosi');
  const instant = new Date('2025-10-19T06:05:07Z');
  expect(formatNairobiTime(instant, 'sw')).toBe('09:05:07');
  expect(formatNairobiDate(instant, 'sw')).toBe('Jumapili, 19 Oktoba 2025');
  // English as before, its clock's own words those of the catalogue.
  expect(formatNairobiTime(instant)).toBe('9:05:07 AM');
  expect(ENGLISH_CLOCK_WORDS).toEqual(wordsFor('en', 'contact.clock.'));
});
