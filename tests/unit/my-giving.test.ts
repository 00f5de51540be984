/**
 * My giving on both databases: a one-time sign-in link by email (single use, 30 minutes on an injected clock,
 * limited per address and per client, the same answer for an unknown address, refused when forged, used, expired or
 * altered to another address), and the donor session that sees only its own gifts, receipts and statements.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import myGiving from '../../netlify/functions/my-giving.ts';
import signIn from '../../netlify/functions/my-giving-sign-in.ts';
import { query, transaction } from '../../netlify/functions/_shared/platform/db.ts';
import {
  describeSignInLink,
  donorSession,
  LINK_MINUTES,
  DONOR_SESSION_MINUTES,
  sendSignInLink,
  useSignInLink,
} from '../../netlify/functions/_shared/gifts/donor-sessions.ts';
import { erasePerson } from '../../netlify/functions/_shared/people/people.ts';
import { receiptText } from '../../netlify/functions/_shared/gifts/receipt.ts';
import { runRetention } from '../../netlify/functions/_shared/people/retention.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { useEnv, useJwtSecret } from '../support/admin.ts';

const TABLES = [
  'events',
  'gifts',
  'payment_events',
  'paystack_plans',
  'sponsorships',
  'notification_outbox',
  'rate_limits',
  'donor_sign_in_links',
  'donor_sessions',
  'retention_runs',
];
const SITE = 'http://localhost:8888';
const ALICE = 'alice@example.org';
const BOB = 'bob@example.org';

/** A confirmed gift of `email` (receipt `receiptNo`), straight into the ledger; its id. */
async function confirmedGift(email: string, receiptNo: number, extra: { amount?: number; at?: string } = {}) {
  const [row] = await query<{ id: string }>(
    `insert into gifts (reference, provider, kind, frequency, cause, amount_subunits, currency, method, state,
       donor_name, donor_email, recorded_by, confirmed_at, receipt_no)
     values ($1, 'paystack', 'donation', 'one-time', 'education', $2, 'USD', 'card', 'confirmed', $3, $4, 'paystack',
       $5, $6)
     returning id::text as id`,
    [
      `TCF-test-${receiptNo}`,
      extra.amount ?? 5000,
      email.split('@')[0],
      email,
      extra.at ?? '2026-03-14T09:00:00Z',
      receiptNo,
    ],
  );
  return row!.id;
}

function askLink(email: string, ip = '203.0.113.7', form = true): Promise<Response> {
  return signIn(
    new Request(`${SITE}/api/my-giving/link`, {
      method: 'POST',
      headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
      body: form ? new URLSearchParams({ email }).toString() : JSON.stringify({ email }),
    }),
    context(ip),
  );
}

/** The sign-in links emailed so far, oldest first. */
async function sentLinks(): Promise<{ to: string; link: URL }[]> {
  const mails = await query<{ recipients: string; body: string }>(
    "select recipients, body from notification_outbox where source = 'donor_sign_in' order by id",
  );
  return mails.map((mail) => ({
    to: mail.recipients,
    link: new URL(/https?:\/\/\S+\/my-giving\/sign-in\?\S+/.exec(mail.body)![0]),
  }));
}

function openLink(link: URL, method: 'GET' | 'POST' = 'GET', headers: Record<string, string> = {}) {
  const url = new URL(`${link.pathname}${link.search}`, SITE);
  return signIn(
    new Request(url, { method, headers: method === 'POST' ? { origin: SITE, ...headers } : headers }),
    context(),
  );
}

/** Signs `email` in through an emailed link; the session cookie (`name=value`). */
async function signedIn(email: string): Promise<string> {
  expect((await askLink(email, `198.51.100.${Math.floor(Math.random() * 250) + 1}`)).status).toBe(303);
  const link = (await sentLinks()).filter((sent) => sent.to === email).at(-1)!.link;
  const res = await openLink(link, 'POST');
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('/my-giving/account');
  return res.headers.get('set-cookie')!.split(';')[0]!;
}

function page(path: string, cookie?: string, method = 'GET'): Promise<Response> {
  const headers: Record<string, string> = cookie ? { cookie } : {};
  if (method === 'POST') headers['origin'] = SITE;
  return myGiving(new Request(`${SITE}${path}`, { method, headers }));
}

const counts = async () =>
  (
    await query<{ links: number; used: number; sessions: number; mails: number }>(
      `select (select count(*)::int from donor_sign_in_links) as links,
              (select count(*)::int from donor_sign_in_links where used_at is not null) as used,
              (select count(*)::int from donor_sessions) as sessions,
              (select count(*)::int from notification_outbox) as mails`,
    )
  )[0];

describe.each(databases)('My giving on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  useEnv({ SITE_URL: SITE, URL: undefined, SMTP_URL: undefined });
  beforeEach(async () => {
    await truncate(database, TABLES);
  });

  describe('sign-in link', () => {
    test('is emailed to an address gifts carry; an unknown address gets the same answer and no email', async () => {
      await confirmedGift(ALICE, 1);
      const known = await askLink(ALICE);
      const unknown = await askLink('nobody@example.org');
      for (const res of [known, unknown]) {
        expect(res.status).toBe(303);
        expect(res.headers.get('location')).toBe('/my-giving/sent/');
        expect(await res.text()).toBe('');
      }
      const json = [
        await askLink('ALICE@example.org', '192.0.2.1', false),
        await askLink('x@example.org', '192.0.2.1', false),
      ];
      for (const res of json) {
        expect(res.status).toBe(202);
        expect(await res.json()).toEqual({ ok: true });
      }
      const sent = await sentLinks();
      expect(sent.map((mail) => mail.to)).toEqual([ALICE, 'ALICE@example.org']);
      expect(sent[0]!.link.origin).toBe(SITE);
      const [mail] = await query<{ subject: string; body: string }>(
        "select subject, body from notification_outbox where source = 'donor_sign_in' limit 1",
      );
      expect(mail!.subject).toBe("Your link to My giving at Tumaini Children's Foundation");
      expect(mail!.body).toContain('The link works once, for 30 minutes.');
      // Only a digest of the secret is stored.
      const token = sent[0]!.link.searchParams.get('token')!;
      const stored = await rows<{ token_hash: string }>(database, 'select token_hash from donor_sign_in_links');
      expect(stored.map((row) => row.token_hash)).not.toContain(token);
    });

    test('refuses a malformed address with what to fix, and stores nothing', async () => {
      const res = await askLink('not-an-address');
      expect(res.status).toBe(400);
      expect(await res.text()).toContain('Please check the form');
      const json = await askLink('nope', '192.0.2.9', false);
      expect(json.status).toBe(400);
      expect(await counts()).toEqual({ links: 0, used: 0, sessions: 0, mails: 0 });
    });

    test('works once: opening it changes nothing, its button signs in, a second press is refused', async () => {
      await confirmedGift(ALICE, 1);
      await askLink(ALICE);
      const [{ link } = { link: new URL(SITE) }] = await sentLinks();
      const shown = await openLink(link);
      expect(shown.status).toBe(200);
      const html = await shown.text();
      expect(html).toContain(`<strong>${ALICE}</strong>`);
      expect(html).toContain('<button type="submit">Sign in</button>');
      expect((await openLink(link)).status).toBe(200);
      expect(await counts()).toMatchObject({ used: 0, sessions: 0 });

      const first = await openLink(link, 'POST');
      expect(first.status).toBe(303);
      const cookie = first.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^tcf_giving=[A-Za-z0-9_-]{43}; Path=\/my-giving; Max-Age=3600; HttpOnly; SameSite=Lax$/);
      expect(await counts()).toMatchObject({ used: 1, sessions: 1 });

      const again = await openLink(link, 'POST');
      expect(again.status).toBe(410);
      expect(again.headers.get('set-cookie')).toBeNull();
      expect(await again.text()).toContain('This link has been used');
      expect((await openLink(link)).status).toBe(410);
      expect(await counts()).toMatchObject({ used: 1, sessions: 1 });
    });

    test('sets a Secure cookie when the site is served over https', async () => {
      await confirmedGift(ALICE, 1);
      await askLink(ALICE);
      const [{ link } = { link: new URL(SITE) }] = await sentLinks();
      const res = await signIn(
        new Request(`https://tumaini.example${link.pathname}${link.search}`, {
          method: 'POST',
          headers: { origin: 'https://tumaini.example' },
        }),
        context(),
      );
      expect(res.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
    });

    test('expires after 30 minutes (injected clock), and an expired link changes nothing', async () => {
      await confirmedGift(ALICE, 1);
      const start = new Date();
      await transaction((tx) => sendSignInLink(tx, ALICE, start));
      const [{ link } = { link: new URL(SITE) }] = await sentLinks();
      const given = { email: link.searchParams.get('email')!, token: link.searchParams.get('token')! };
      const almost = new Date(start.getTime() + LINK_MINUTES * 60_000 - 1000);
      expect(await describeSignInLink(given, almost)).toMatchObject({ ok: true, email: ALICE });
      const after = new Date(start.getTime() + LINK_MINUTES * 60_000 + 1000);
      expect(await describeSignInLink(given, after)).toEqual({ ok: false, reason: 'expired' });
      expect(await transaction((tx) => useSignInLink(tx, given, after))).toEqual({ ok: false, reason: 'expired' });
      expect(await counts()).toMatchObject({ used: 0, sessions: 0 });
      // The handler, on the real clock, says so too.
      await query(`update donor_sign_in_links set expires_at = now() - interval '1 second'`);
      const res = await openLink(link, 'POST');
      expect(res.status).toBe(410);
      expect(await res.text()).toContain('This link has expired');
      expect(await counts()).toMatchObject({ used: 0, sessions: 0 });
    });

    test('a forged link, a cut one, or one changed to another address is refused and nothing changes', async () => {
      await confirmedGift(ALICE, 1);
      await confirmedGift(BOB, 2);
      await askLink(ALICE);
      const [{ link } = { link: new URL(SITE) }] = await sentLinks();
      const forged = new URL(link);
      forged.searchParams.set('token', 'A'.repeat(43));
      const cut = new URL(link);
      cut.searchParams.set('token', link.searchParams.get('token')!.slice(0, 20));
      const other = new URL(link);
      other.searchParams.set('email', BOB);
      const expected: [URL, number, string][] = [
        [forged, 400, 'This link is not valid'],
        [cut, 400, 'This link is not complete'],
        [other, 400, 'This link is for another address'],
      ];
      for (const [url, status, title] of expected) {
        for (const method of ['GET', 'POST'] as const) {
          const res = await openLink(url, method);
          expect(res.status).toBe(status);
          expect(res.headers.get('set-cookie')).toBeNull();
          expect(await res.text()).toContain(title);
        }
      }
      expect(await counts()).toMatchObject({ used: 0, sessions: 0 });
      // The real link still works, for its own address.
      expect((await openLink(link, 'POST')).status).toBe(303);
      const [session] = await rows<{ email: string }>(database, 'select email from donor_sessions');
      expect(session!.email).toBe(ALICE);
    });

    test('a sign-in posted from another site is refused', async () => {
      await confirmedGift(ALICE, 1);
      await askLink(ALICE);
      const [{ link } = { link: new URL(SITE) }] = await sentLinks();
      const res = await openLink(link, 'POST', { origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      const fetched = await openLink(link, 'POST', { 'sec-fetch-site': 'cross-site' });
      expect(fetched.status).toBe(403);
      expect(await counts()).toMatchObject({ used: 0, sessions: 0 });
    });

    test('is limited per address (5 an hour) and per client (10 a quarter hour), known or not', async () => {
      await confirmedGift(ALICE, 1);
      for (let n = 1; n <= 5; n += 1) expect((await askLink(ALICE, `192.0.2.${n}`)).status).toBe(303);
      const sixth = await askLink(ALICE, '192.0.2.99');
      expect(sixth.status).toBe(429);
      expect(sixth.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await sixth.text()).toContain('Too many links asked for');
      expect((await sentLinks()).length).toBe(5);
      // An unknown address is limited alike, so the answer tells nothing.
      for (let n = 1; n <= 5; n += 1)
        expect((await askLink('ghost@example.org', `192.0.2.${n + 10}`)).status).toBe(303);
      expect((await askLink('ghost@example.org', '192.0.2.98')).status).toBe(429);

      for (let n = 1; n <= 10; n += 1)
        expect((await askLink(`person${n}@example.org`, '198.51.100.50')).status).toBe(303);
      const eleventh = await askLink('person11@example.org', '198.51.100.50', false);
      expect(eleventh.status).toBe(429);
      expect((await askLink('person11@example.org', '198.51.100.51')).status).toBe(303);
    });
  });

  describe('the donor session', () => {
    test('lists their own gifts with receipts and statements, and nobody else’s', async () => {
      const mine = await confirmedGift(ALICE, 7, { amount: 2500, at: '2026-02-01T10:00:00Z' });
      await confirmedGift(ALICE, 9, { amount: 4000, at: '2025-12-31T22:30:00Z' });
      const theirs = await confirmedGift(BOB, 8, { amount: 999_00 });
      const cookie = await signedIn(ALICE);
      const res = await page('/my-giving/account', cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      expect(html).toContain(`Signed in as <strong>${ALICE}</strong>`);
      expect(html).toContain('Receipt R-000007 (PDF)');
      expect(html).toContain('Receipt R-000009 (PDF)');
      expect(html).toContain('$25.00');
      expect(html).not.toContain('R-000008');
      expect(html).not.toContain('$999.00');
      expect(html).not.toContain(BOB);
      // 22:30 UTC on 31 December is 1 January in Nairobi.
      expect(html).toContain('/my-giving/statements/2026');
      expect(html).not.toContain('/my-giving/statements/2025');

      const pdf = await page(`/my-giving/receipts/${mine}`, cookie);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe('attachment; filename="receipt-R-000007.pdf"');
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const statement = await page('/my-giving/statements/2026', cookie);
      expect(statement.status).toBe(200);
      expect(statement.headers.get('content-disposition')).toBe('attachment; filename="statement-2026.pdf"');

      // Another donor's receipt, a year without gifts, and ids that are not ids: not found, nothing shown.
      for (const path of [
        `/my-giving/receipts/${theirs}`,
        '/my-giving/receipts/999999',
        '/my-giving/receipts/1%20or%201=1',
        '/my-giving/statements/2024',
        '/my-giving/statements/20x6',
      ]) {
        const refused = await page(path, cookie);
        expect(refused.status, path).toBe(404);
        expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
      }
    });

    test('without a live session every page sends the visitor to sign in', async () => {
      const gift = await confirmedGift(ALICE, 1);
      for (const cookie of [undefined, 'tcf_giving=forged', `tcf_giving=${'A'.repeat(43)}`]) {
        for (const path of ['/my-giving/account', `/my-giving/receipts/${gift}`, '/my-giving/statements/2026']) {
          const res = await page(path, cookie);
          expect(res.status).toBe(303);
          expect(res.headers.get('location')).toBe('/my-giving/');
        }
      }
    });

    test('a staff token is no donor session', async () => {
      const gift = await confirmedGift(ALICE, 1);
      const res = await myGiving(
        new Request(`${SITE}/my-giving/receipts/${gift}`, { headers: { authorization: 'Bearer x.y.z' } }),
      );
      expect(res.status).toBe(303);
    });

    test('ends after an hour (injected clock) and on signing out', async () => {
      await confirmedGift(ALICE, 1);
      const cookie = await signedIn(ALICE);
      const secret = cookie.split('=')[1]!;
      const later = new Date(Date.now() + DONOR_SESSION_MINUTES * 60_000 - 60_000);
      expect(await donorSession(secret, later)).toMatchObject({ email: ALICE });
      expect(await donorSession(secret, new Date(Date.now() + DONOR_SESSION_MINUTES * 60_000 + 1000))).toBeNull();

      const out = await page('/my-giving/sign-out', cookie, 'POST');
      expect(out.status).toBe(303);
      expect(out.headers.get('set-cookie')).toMatch(/^tcf_giving=; Path=\/my-giving; Max-Age=0/);
      expect((await page('/my-giving/account', cookie)).status).toBe(303);
    });
  });

  describe('retention and erasure', () => {
    test('links and sessions go a day after they expire, and with the person on erasure', async () => {
      await confirmedGift(ALICE, 1);
      await confirmedGift(BOB, 2);
      await signedIn(ALICE);
      await signedIn(BOB);
      expect(await runRetention(new Date(Date.now() + 60 * 60_000))).toMatchObject({ donor_sign_ins: 0 });
      await transaction((tx) => erasePerson(tx, { email: BOB }));
      const left = () =>
        query<{ email: string }>(
          'select email from donor_sign_in_links union all select email from donor_sessions order by email',
        );
      expect(await left()).toEqual([{ email: ALICE }, { email: ALICE }]);
      const report = await runRetention(new Date(Date.now() + DONOR_SESSION_MINUTES * 60_000 + 86_400_000 + 1000));
      expect(report).toMatchObject({ donor_sign_ins: 2 });
      expect(await left()).toEqual([]);
    });
  });

  describe('receipt email', () => {
    test('links to My giving', () => {
      const text = receiptText({
        number: 1,
        donorName: 'Alice',
        amountSubunits: 100,
        currency: 'USD',
        date: new Date(),
        method: 'Card',
        supports: 'Education',
        frequency: 'One-time',
        transaction: null,
        refundedSubunits: 0,
      });
      expect(text).toContain(`Every gift and receipt, and your monthly gifts, are on My giving: ${SITE}/my-giving/`);
    });
  });
});
