/**
 * Kiswahili for the rest of the emails a person gets, each in the language stored with what they gave or
 * asked from: an M-Pesa commitment's reminder, the My giving sign-in link, and the fixed words of a sponsor's news
 * and letter emails, around what staff wrote, which stays as written. On both databases.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import news from '../../netlify/functions/admin-child-news.ts';
import letters from '../../netlify/functions/admin-letters.ts';
import mpesa from '../../netlify/functions/payments-mpesa.ts';
import signIn from '../../netlify/functions/my-giving-sign-in.ts';
import myGiving from '../../netlify/functions/my-giving.ts';
import { runCommitments } from '../../netlify/functions/_shared/gifts/commitment-reminders.ts';
import { query, transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { queueOfferEmail } from '../../netlify/functions/_shared/children/exit-offers.ts';
import { cardProblemText } from '../../netlify/functions/_shared/gifts/gift-mail.ts';
import { refundSubject, refundText, type Receipt } from '../../netlify/functions/_shared/gifts/receipt.ts';
import { SPONSOR_LANGUAGE } from '../../netlify/functions/_shared/children/sponsor-mail.ts';
import { SPONSOR_TABLES, sponsoredChild } from '../support/children.ts';
import { call, useEnv, useJwtSecret } from '../support/admin.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';
import { donorSessionCookie } from '../support/donor.ts';
import { postCheckout } from '../support/gifts.ts';
import { sponsorForm, usePayments } from '../support/payments.ts';

type Json = Record<string, unknown>;
type Mail = { recipients: string; subject: string; body: string };

const SITE = 'http://localhost:8888';
const PAYBILL = '600966';
const PATH_SECRET = 'c2b-path-secret-0123456789abcdef';

/** The emails of `source` queued so far, oldest first. */
const mails = (source: string) =>
  query<Mail>('select recipients, subject, body from notification_outbox where source = $1 order by id', [source]);

/** A Nairobi morning on `day`. */
const at = (day: string) => new Date(`${day}T07:00:00+03:00`);

describe.each(databases)('a commitment’s reminder in its language on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  usePayments(database, { paybill: PAYBILL, pathSecret: PATH_SECRET });

  /** A monthly M-Pesa sponsorship from the sponsor page in `language`, its first month paid in January. */
  async function sponsoredFrom(language: 'en' | 'sw') {
    expect((await postCheckout(sponsorForm({ payWith: 'mpesa', language }))).status).toBe(303);
    const [commitment] = await rows<{ account: string; language: string }>(
      database,
      'select account, language from commitments',
    );
    const json = {
      TransactionType: 'Pay Bill',
      TransID: 'RKL51ZDR4F',
      TransTime: '20260110090000',
      TransAmount: '5400.00',
      BusinessShortCode: PAYBILL,
      BillRefNumber: commitment!.account,
      MSISDN: '2547 ***** 126',
      FirstName: 'ESTHER',
    };
    const paid = await call(mpesa, 'POST', `/api/payments/mpesa/c2b/${PATH_SECRET}`, {
      json,
      params: { secret: PATH_SECRET },
    });
    expect(paid.status).toBe(200);
    await query("update commitments set starts_on = '2026-01-01', due_day = 10");
    await query("update commitment_instalments set period = '2026-01-01', due_on = '2026-01-10'");
    expect((await runCommitments(at('2026-02-07'))).reminders).toBe(1);
    const [reminder] = await mails('commitment_reminder');
    return { commitment: commitment!, reminder: reminder! };
  }

  test('a sponsorship given from a Kiswahili page is stored as Kiswahili, and its reminder and receipt are in it', async () => {
    const { commitment, reminder } = await sponsoredFrom('sw');
    expect(commitment.language).toBe('sw');
    expect(reminder.recipients).toBe('esther@example.org');
    expect(reminder.subject).toBe('Ufadhili wako wa KES 5,400.00 unatakiwa kulipwa tarehe 2026-02-10');
    expect(reminder.body).toContain('Mpendwa Esther Achieng,');
    expect(reminder.body).toContain('Asante kwa kutoa kila mwezi.');
    expect(reminder.body).toContain(`Namba ya biashara ${PAYBILL}, namba ya akaunti ${commitment.account}.`);
    expect(reminder.body).toContain(`/api/payments/instalment?account=${commitment.account}`);
    expect(reminder.body).toMatch(/Tazama au sitisha michango yako: \S+\/sw\/my-giving\//);
    expect(reminder.body).not.toMatch(/Dear|is due|Business number|Thank you|See or stop/);
    // The instalment paid by M-Pesa is receipted in the commitment's language, its M-Pesa steps too.
    const [receipt] = await mails('gift_receipt');
    expect(receipt?.subject).toMatch(/^Risiti yako R-/);
    expect(receipt?.body).toContain('Tumia namba hii ya akaunti kwa kila malipo');
    expect(receipt?.body).not.toContain('Use this account number');
    // The sponsor record it started speaks Kiswahili too: its news and letters follow.
    expect(await rows(database, `select ${SPONSOR_LANGUAGE} as language from sponsorships s`)).toEqual([
      { language: 'sw' },
    ]);
  });

  test('one given from an English page stays English', async () => {
    const { commitment, reminder } = await sponsoredFrom('en');
    expect(commitment.language).toBe('en');
    expect(reminder.subject).toBe('Your sponsorship of KES 5,400.00 is due on 2026-02-10');
    expect(reminder.body).toContain('Dear Esther Achieng,');
    expect(reminder.body).toContain(`Business number ${PAYBILL}, account number ${commitment.account}.`);
    expect(reminder.body).not.toMatch(/Mpendwa|Namba|\/sw\//);
  });
});

describe.each(databases)('the My giving sign-in link in the asker’s language on $name', (database) => {
  useDatabase(database);
  useEnv({ SITE_URL: SITE, URL: undefined, SMTP_URL: undefined });
  beforeEach(async () => {
    await truncate(database, ['gifts', 'notification_outbox', 'rate_limits', 'donor_sign_in_links']);
    await query(
      `insert into gifts (reference, provider, kind, frequency, cause, amount_subunits, currency, method, state,
         donor_name, donor_email, recorded_by, confirmed_at, receipt_no)
       values ('TCF-sw-1', 'paystack', 'donation', 'one-time', 'education', 5000, 'USD', 'card', 'confirmed',
         'Amina', 'amina@example.org', 'paystack', now(), 1)`,
    );
  });

  const ask = (fields: Record<string, string>, form: boolean) =>
    signIn(
      new Request(`${SITE}/api/my-giving/link`, {
        method: 'POST',
        headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
        body: form ? new URLSearchParams(fields).toString() : JSON.stringify(fields),
      }),
      context('203.0.113.9'),
    );

  test('asked from /sw/my-giving, the email is in Kiswahili and leads to the Kiswahili My giving', async () => {
    const res = await ask({ email: 'amina@example.org', language: 'sw' }, true);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sw/my-giving/sent/');
    const [mail] = await mails('donor_sign_in');
    expect(mail?.subject).toBe("Kiungo chako cha Michango Yangu katika Tumaini Children's Foundation");
    expect(mail?.body).toContain('Fungua kiungo hiki ili uingie kwenye Michango Yangu:');
    expect(mail?.body).toContain('kwa dakika 30');
    expect(mail?.body).toContain(`${SITE}/my-giving/sign-in?email=amina%40example.org&token=`);
    expect(mail?.body).toContain(`Michango Yangu: ${SITE}/sw/my-giving/`);
    expect(mail?.body).not.toMatch(/Hello|Open this link|minutes|My giving:/);
  });

  test('the Kiswahili link opens Kiswahili pages: its button, and a refusal once it is used', async () => {
    await ask({ email: 'amina@example.org', language: 'sw' }, true);
    const [mail] = await mails('donor_sign_in');
    const link = /https?:\/\/\S+\/my-giving\/sign-in\?\S+/.exec(mail?.body ?? '')?.[0] ?? '';
    expect(new URL(link).searchParams.get('lang')).toBe('sw');
    const page = await signIn(new Request(link), context('203.0.113.9'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="sw">');
    expect(html).toContain('Ingia kwenye Michango Yangu');
    expect(html).toContain('Bonyeza kitufe ili kuona michango iliyotolewa kutoka <strong>amina@example.org</strong>.');
    expect(html).toMatch(/<form method="post" action="[^"]*lang=sw[^"]*"><button type="submit">Ingia<\/button>/);
    const press = () =>
      signIn(
        new Request(link, { method: 'POST', headers: { origin: SITE, 'sec-fetch-site': 'same-origin' } }),
        context('203.0.113.9'),
      );
    expect((await press()).status).toBe(303);
    const again = await press();
    expect(again.status).toBe(410);
    const refused = await again.text();
    expect(refused).toContain('Kiungo hiki kimeshatumika');
    expect(refused).toContain('<a href="/sw/my-giving/">Omba kiungo kipya</a>');
    expect(refused).not.toMatch(/This link|Ask for a new link/);
  });

  test('the JSON request takes the language too; without one, or with one we do not have, it is English', async () => {
    expect((await ask({ email: 'amina@example.org', language: 'sw' }, false)).status).toBe(202);
    expect((await ask({ email: 'amina@example.org' }, false)).status).toBe(202);
    expect((await ask({ email: 'amina@example.org', language: 'fr' }, true)).headers.get('location')).toBe(
      '/my-giving/sent/',
    );
    const [sw, en, other] = await mails('donor_sign_in');
    expect(sw?.body).toContain('Habari,');
    for (const mail of [en, other]) {
      expect(mail?.subject).toBe("Your link to My giving at Tumaini Children's Foundation");
      expect(mail?.body).toContain(`My giving: ${SITE}/my-giving/`);
      expect(mail?.body).not.toMatch(/Habari|Michango Yangu|\/sw\//);
    }
  });
});

describe.each(databases)('a Kiswahili sponsor’s news and letter emails on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, SPONSOR_TABLES);
  useEnv({ SITE_URL: SITE, URL: undefined, SMTP_URL: undefined });
  let child: string;
  let sponsorship: string;

  beforeEach(async () => {
    child = await sponsoredChild(desk.token, { name: 'Baraka Mwangi', email: 'baraka@example.org' });
    [{ id: sponsorship } = { id: '' }] = await rows<{ id: string }>(
      database,
      'select id::text as id from sponsorships',
    );
    // The sponsorship's commitment was made from a Kiswahili page.
    await query("update commitments set language = 'sw'");
  });

  test('news published by staff: the email’s own words are Kiswahili and lead to the Kiswahili My giving', async () => {
    const draft = await call(news, 'POST', `/api/admin/child-news/${child}`, {
      token: desk.token,
      params: { child },
      json: { kind: 'news', update_on: '2026-11-25', body: 'Imani passed her maths exam.' },
    });
    expect(draft.status).toBe(201);
    const update = String(((await draft.json()) as Json)['id']);
    const published = await call(news, 'POST', `/api/admin/child-news/${child}/${update}/publish`, {
      token: desk.token,
      params: { child, update, action: 'publish' },
    });
    expect(published.status).toBe(200);
    const [mail] = await mails('child_update');
    expect(mail?.recipients).toBe('baraka@example.org');
    expect(mail?.subject).toBe('Habari kutoka kwa Imani');
    expect(mail?.body).toContain('Mpendwa Baraka Mwangi,');
    expect(mail?.body).toContain('Kuna habari mpya kutoka kwa Imani, mtoto unayemfadhili.');
    expect(mail?.body).toContain(`${SITE}/sw/my-giving/`);
    expect(mail?.body).toContain('Kwa shukrani,');
    expect(mail?.body).not.toMatch(/Dear|There is news|Stop emails|With thanks/);
  });

  test('a letter returned by staff: Kiswahili around it, staff’s reason exactly as they wrote it', async () => {
    const sponsor = await donorSessionCookie('baraka@example.org');
    const written = await myGiving(
      new Request(`${SITE}/my-giving/sponsorships/${sponsorship}/letters`, {
        method: 'POST',
        headers: { cookie: sponsor, origin: SITE, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ body: 'Habari Imani, natumaini uko salama shuleni.' }).toString(),
      }),
    );
    expect(written.status).toBe(303);
    const [letter] = await rows<{ id: string }>(database, 'select id::text as id from sponsor_letters');
    const id = letter!.id;
    const reason = 'Please leave out your phone number: we pass letters on by hand.';
    const asked = await call(letters, 'POST', `/api/admin/letters/${id}/changes`, {
      token: desk.token,
      params: { id, action: 'changes' },
      json: { reason },
    });
    expect(asked.status).toBe(200);
    const [mail] = await mails('sponsor_letter');
    expect(mail?.subject).toBe('Tafadhali badilisha barua yako kwa Imani');
    expect(mail?.body).toContain('Mpendwa Baraka,');
    expect(mail?.body).toContain(
      'Asante kwa kumwandikia Imani. Kabla hatujaifikisha barua yako, tafadhali ibadilishe:',
    );
    expect(mail?.body).toContain(`\n${reason}\n`);
    expect(mail?.body).toContain(`Ibadilishe kwenye ukurasa wako wa Michango Yangu: ${SITE}/sw/my-giving/`);
    expect(mail?.body).not.toMatch(/Dear|Thank you for writing|Change it on|With thanks/);
  });
});

describe('a Kiswahili monthly gift’s card problem', () => {
  useEnv({ SITE_URL: SITE, URL: undefined });
  const gift = {
    giftId: '9',
    donorName: 'Amina Otieno',
    donorEmail: 'amina@example.org',
    amountSubunits: 150000,
    currency: 'KES',
    supports: 'Elimu (mchango)',
    subscriptionCode: 'SUB_x',
  };

  test('a failed payment and an expiring card are told in Kiswahili, with the Kiswahili My giving', () => {
    const failed = cardProblemText({ ...gift, language: 'sw' }, { kind: 'payment_failed', amountSubunits: null });
    expect(failed.subject).toBe("Mchango wako wa kila mwezi kwa Tumaini Children's Foundation haukufanikiwa");
    expect(failed.body).toContain('Mpendwa Amina Otieno,');
    expect(failed.body).toContain('Paystack haikuweza kupokea malipo ya mwezi huu ya KES 1,500.00');
    expect(failed.body).toContain(`${SITE}/sw/my-giving/`);
    expect(failed.body).not.toMatch(/Dear|could not take|update your card|My giving:/);
    const expiring = cardProblemText(
      { ...gift, language: 'sw' },
      { kind: 'card_expiring', card: 'Visa ending 4081', expires: '12/2026' },
    );
    expect(expiring.body).toContain('Visa ending 4081, itaisha muda wake 12/2026.');
    expect(cardProblemText(gift, { kind: 'payment_failed', amountSubunits: null }).subject).toBe(
      "Your monthly gift to Tumaini Children's Foundation did not go through",
    );
  });
});

describe.each(databases)('the exit offer to a Kiswahili sponsor on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  useEnv({ SITE_URL: SITE, URL: undefined });
  beforeEach(() => truncate(database, ['notification_outbox']));

  test('staff’s template stays as written; the choices, the links’ words and what happens next are Kiswahili', async () => {
    const template = await query<{ body: string }>(
      "select body from reply_templates where kind = 'child_exit' and outcome = 'notice'",
    );
    const queued = await transaction((tx) =>
      queueOfferEmail(
        tx,
        { id: '5', commitment_id: '7' },
        {
          id: '7',
          donor_name: 'Baraka',
          donor_email: 'baraka@example.org',
          amount_subunits: 540000,
          currency: 'KES',
          interval_months: 1,
          language: 'sw',
        },
        'Imani Wairimu',
        [{ id: 'amani', name: 'Amani Otieno', age: 8 }],
        'notice',
      ),
    );
    expect(queued).toBe(true);
    const [mail] = await mails('child_exit');
    const staffWords = template[0]!.body.split('{choices}')[0]!.replaceAll('{name}', 'Baraka');
    expect(mail?.body.startsWith(staffWords.replaceAll('{child}', 'Imani'))).toBe(true);
    expect(mail?.body).toContain('Ukipenda ufadhili wako uendelee, mtoto huyu anasubiri mfadhili.');
    expect(mail?.body).toContain('mchango wako wa KES 5,400.00 kwa mwezi');
    expect(mail?.body).toMatch(/Amani, umri wa miaka 8: \S+\/sponsorship-choice\/5\.amani\./);
    expect(mail?.body).toContain('Au, ukipenda kuishia hapa, maliza ufadhili wako:');
    expect(mail?.body).toContain('Tusiposikia kutoka kwako ndani ya siku');
    expect(mail?.body).not.toMatch(/If you would like|aged 8|end your sponsorship|If we do not hear/);
  });
});

describe('a Kiswahili refund', () => {
  useEnv({ SITE_URL: SITE, URL: undefined });
  const receipt: Receipt = {
    number: 7,
    donorName: 'Amina Wanjiru',
    amountSubunits: 500000,
    currency: 'KES',
    date: new Date('2026-11-27T09:00:00Z'),
    method: 'M-Pesa',
    supports: 'Elimu (mchango)',
    frequency: 'Mara moja',
    transaction: 'T-1',
    refundedSubunits: 200000,
    language: 'sw',
  };

  test('says what went back and what is left in Kiswahili; an English one is worded as before', () => {
    expect(refundSubject(receipt, 200000)).toBe(
      "Kiasi cha KES 2,000.00 kimerejeshwa kwako na Tumaini Children's Foundation",
    );
    const text = refundText(receipt, 200000);
    expect(text).toContain('Mpendwa Amina Wanjiru,');
    expect(text).toContain(
      'Tumekurejeshea KES 2,000.00 kati ya mchango wako wa KES 5,000.00 (risiti R-000007, 27 Novemba 2026).',
    );
    expect(text).toContain('Mchango wako sasa ni KES 3,000.00');
    expect(text).toContain(`${SITE}/sw/my-giving/`);
    expect(text).not.toMatch(/Dear|We have refunded|stands at|working days/);
    const english = { ...receipt, language: 'en' as const };
    expect(refundSubject(english, 200000)).toBe("Your refund of KES 2,000.00 from Tumaini Children's Foundation");
    expect(refundText(english, 200000)).toContain(
      'We have refunded KES 2,000.00 of your gift of KES 5,000.00 (receipt R-000007, 27 November 2026).',
    );
  });
});
