/**
 * The newsletter's confirmed opt-in and one-click unsubscribe against a real SMTP server, on both
 * databases: the confirmation email and its headers, confirming, unsubscribing with no sign-in, the unsubscribe-link
 * request, the donate form's box, the consent record, and every bad link refused without changing anything.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import track from '../../netlify/functions/track.ts';
import confirmLink from '../../netlify/functions/newsletter-confirm.ts';
import unsubscribeHandler from '../../netlify/functions/newsletter-unsubscribe.ts';
import unsubscribeLinkHandler from '../../netlify/functions/newsletter-unsubscribe-link.ts';
import { transaction } from '../../netlify/functions/_shared/platform/db.ts';
import { CONFIRMATIONS_PER_MAILBOX, mailboxOf, signUp } from '../../netlify/functions/_shared/people/newsletter.ts';
import { deliverDue } from '../../netlify/functions/_shared/platform/outbox.ts';
import { subscriberToken } from '../../netlify/functions/_shared/people/subscriber-tokens.ts';
import { CONSENT_WORDING, NEWSLETTER_CONSENT, PRIVACY_NOTICE_VERSION } from '../../src/lib/privacy.ts';
import { context, databases, rows, truncate, useDatabase, type TestDatabase } from '../support/databases.ts';
import { useEnv, useJwtSecret } from '../support/admin.ts';
import { freePort, startSmtpServer, type ReceivedMail, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';

const SITE = 'https://tumaini.example';
const TABLES = [
  'events',
  'newsletter_subscribers',
  'donations',
  'consent_records',
  'rate_limits',
  'notification_outbox',
];

const smtpPort = await freePort();

async function submit(type: string, payload: Record<string, unknown>): Promise<Response> {
  const answer = await track(
    new Request('http://localhost/api/admin/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, payload }),
    }),
    context(),
  );
  await deliverDue();
  return answer;
}

/** The link of `kind` in an email's text. */
function linkIn(mail: ReceivedMail | undefined, path: string): string {
  const link = new RegExp(`${SITE}${path}\\?t=[^\\s]+`).exec(mail?.text ?? '')?.[0];
  if (!link) throw new Error(`no ${path} link in ${mail?.text}`);
  return link;
}

const get = (handler: typeof confirmLink, url: string) => handler(new Request(url));
const post = (url: string, body = 'List-Unsubscribe=One-Click') =>
  unsubscribeHandler(
    new Request(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body }),
  );

async function subscriber(database: TestDatabase, email: string) {
  const [row] = await rows<{ id: string; status: string; confirmed_at: Date | null; source: string }>(
    database,
    'select id::text as id, status, confirmed_at, source from newsletter_subscribers where lower(email) = lower($1)',
    [email],
  );
  return row;
}

describe.each(databases)('newsletter on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  useEnv({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_TO: '',
    NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    SITE_URL: SITE,
    NEWSLETTER_UNSUBSCRIBE_MAILTO: undefined,
  });
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    await truncate(database, TABLES);
    smtp = await startSmtpServer(smtpPort);
  });
  afterEach(() => smtp.close());

  test('a sign-up is pending and gets one confirmation email with one-click unsubscribe headers', async () => {
    expect((await submit('newsletter_subscribe', { email: 'Reader@Example.org', name: 'Reader' })).status).toBe(202);
    expect(await subscriber(database, 'reader@example.org')).toMatchObject({ status: 'pending', confirmed_at: null });
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.to).toEqual(['reader@example.org']);
    expect(mail.subject).toMatch(/confirm your subscription/i);
    expect(mail.text).toContain(NEWSLETTER_CONSENT);
    expect(mail.header('List-Unsubscribe')).toMatch(
      new RegExp(
        `^<${SITE}/newsletter/unsubscribe\\?t=[0-9]+\\.0\\.[A-Za-z0-9_-]{43}>, <mailto:website@tumaini\\.example\\?subject=unsubscribe>$`,
      ),
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const [consent] = await rows(database, 'select form, email, notice_version, wording from consent_records');
    expect(consent).toEqual({
      form: 'newsletter_subscribe',
      email: 'Reader@Example.org',
      notice_version: PRIVACY_NOTICE_VERSION,
      wording: NEWSLETTER_CONSENT,
    });
  });

  test('opening the confirmation link confirms; opening it again is harmless', async () => {
    await submit('newsletter_subscribe', { email: 'reader@example.org' });
    const link = linkIn(smtp.messages[0], '/newsletter/confirm');
    const answer = await get(confirmLink, link);
    expect(answer.status).toBe(303);
    expect(answer.headers.get('location')).toBe('/newsletter/confirmed/');
    expect(await subscriber(database, 'reader@example.org')).toMatchObject({ status: 'confirmed' });
    expect((await get(confirmLink, link)).status).toBe(303);
  });

  test('signing up again while pending re-sends at most once an hour, and a confirmed address gets nothing', async () => {
    const start = new Date('2026-11-25T08:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const person = { email: 'again@example.org', source: 'newsletter_subscribe' as const };
    for (const minutes of [0, 10, 59, 61, 90]) await transaction((tx) => signUp(tx, person, at(minutes)));
    await deliverDue();
    expect(smtp.messages.map((mail) => mail.to[0])).toEqual(['again@example.org', 'again@example.org']);
    await get(confirmLink, linkIn(smtp.messages[1], '/newsletter/confirm'));
    await transaction((tx) => signUp(tx, person, at(200)));
    await deliverDue();
    expect(smtp.messages).toHaveLength(2);
    expect(await subscriber(database, 'again@example.org')).toMatchObject({ status: 'confirmed' });
  });

  test('confirmation emails to one mailbox stop at the limit, whatever the plus-tags; the answer says why', async () => {
    const answers: Response[] = [];
    for (let i = 1; i <= 20; i += 1)
      answers.push(await submit('newsletter_subscribe', { email: `victim+${i}@example.org` }));
    const limit = CONFIRMATIONS_PER_MAILBOX.limit;
    const statuses = answers.map((res) => res.status);
    expect(statuses).toEqual(Array.from({ length: 20 }, (_, i) => (i < limit ? 202 : 429)));
    const refused = answers[limit]!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = (await refused.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.error).toMatch(/^We sent several confirmation emails to this mailbox recently/);
    expect(body.issues).toEqual([{ path: 'payload.email', message: body.error }]);
    expect(smtp.messages.map((mail) => mail.to[0])).toEqual([
      'victim+1@example.org',
      'victim+2@example.org',
      'victim+3@example.org',
    ]);
    // Stored as typed, and only what was sent a confirmation.
    expect(await rows(database, 'select email from newsletter_subscribers order by email')).toEqual([
      { email: 'victim+1@example.org' },
      { email: 'victim+2@example.org' },
      { email: 'victim+3@example.org' },
    ]);
    // Another mailbox is not affected.
    expect((await submit('newsletter_subscribe', { email: 'victim2@example.org' })).status).toBe(202);
  });

  test('a Gmail mailbox is one mailbox with or without dots, plus-tags or googlemail', () => {
    expect(mailboxOf(' Vic.Tim+News@GoogleMail.com')).toBe('victim@gmail.com');
    expect(mailboxOf('v.i.c.t.i.m@gmail.com')).toBe('victim@gmail.com');
    expect(mailboxOf('first.last+x@example.org')).toBe('first.last@example.org');
    expect(mailboxOf('+only@example.org')).toBe('+only@example.org');
  });

  test('re-subscribing after unsubscribing, within the hour of the last email, gets its confirmation email', async () => {
    await submit('newsletter_subscribe', { email: 'back@example.org' });
    await get(confirmLink, linkIn(smtp.messages[0], '/newsletter/confirm'));
    const leave = /<([^>]+)>/.exec(smtp.messages[0]!.header('List-Unsubscribe'))![1]!;
    expect((await post(leave)).status).toBe(200);
    expect((await subscriber(database, 'back@example.org'))?.status).toBe('unsubscribed');

    expect((await submit('newsletter_subscribe', { email: 'back@example.org' })).status).toBe(202);
    expect((await subscriber(database, 'back@example.org'))?.status).toBe('pending');
    expect(smtp.messages).toHaveLength(2);
    await get(confirmLink, linkIn(smtp.messages[1], '/newsletter/confirm'));
    expect((await subscriber(database, 'back@example.org'))?.status).toBe('confirmed');

    // Once the mailbox had its share, leaving and coming back is refused with the reason, and nothing changes.
    expect((await post(leave)).status).toBe(200);
    expect((await submit('newsletter_subscribe', { email: 'back@example.org' })).status).toBe(202);
    expect((await post(leave)).status).toBe(200);
    const refused = await submit('newsletter_subscribe', { email: 'back@example.org' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/have not sent another/);
    expect((await subscriber(database, 'back@example.org'))?.status).toBe('unsubscribed');
    expect(smtp.messages).toHaveLength(3);
  });

  test('a forged, expired or other-address confirmation link is refused and changes nothing', async () => {
    await submit('newsletter_subscribe', { email: 'a@example.org' });
    await submit('newsletter_subscribe', { email: 'b@example.org' });
    const a = await subscriber(database, 'a@example.org');
    const b = await subscriber(database, 'b@example.org');
    const link = linkIn(smtp.messages[0], '/newsletter/confirm');
    const token = new URL(link).searchParams.get('t')!;
    const [, expires, sig] = token.split('.');
    const forged = `${a!.id}.${expires}.${sig!.slice(0, -2)}AA`;
    const otherAddress = `${b!.id}.${expires}.${sig}`;
    const expired = subscriberToken('confirm', a!.id, 'a@example.org', new Date(Date.now() - 8 * 24 * 3600_000));
    const asUnsubscribe = subscriberToken('unsubscribe', a!.id, 'a@example.org');
    for (const [bad, title] of [
      [forged, 'This link is not valid'],
      [otherAddress, 'This link is not valid'],
      [asUnsubscribe, 'This link is not valid'],
      [expired, 'This link has expired'],
      ['nonsense', 'This link is not complete'],
    ] as const) {
      const answer = await get(confirmLink, `${SITE}/newsletter/confirm?t=${bad}`);
      expect(answer.status, bad).toBe(400);
      expect(await answer.text()).toContain(title);
    }
    expect((await subscriber(database, 'a@example.org'))?.status).toBe('pending');
    expect((await subscriber(database, 'b@example.org'))?.status).toBe('pending');
  });

  test('a link naming an id beyond any row (bigint overflow) is not complete: 400, never 503', async () => {
    const signature = 'A'.repeat(43);
    for (const id of ['9999999999999999999', '9223372036854775808']) {
      const token = `${id}.0.${signature}`;
      const confirmed = await get(confirmLink, `${SITE}/newsletter/confirm?t=${token}`);
      expect(confirmed.status, id).toBe(400);
      expect(await confirmed.text()).toContain('This link is not complete');
      expect((await get(unsubscribeHandler, `${SITE}/newsletter/unsubscribe?t=${token}`)).status, id).toBe(400);
      expect((await post(`${SITE}/newsletter/unsubscribe?t=${token}`)).status, id).toBe(400);
    }
    // The largest id a row can have is still looked up: no row, so the link is simply void.
    const largest = await get(confirmLink, `${SITE}/newsletter/confirm?t=9223372036854775807.0.${signature}`);
    expect(largest.status).toBe(410);
  });

  test('GET of the unsubscribe link changes nothing; its POST, with no cookie, unsubscribes', async () => {
    await submit('newsletter_subscribe', { email: 'leaver@example.org' });
    await get(confirmLink, linkIn(smtp.messages[0], '/newsletter/confirm'));
    const link = /<([^>]+)>/.exec(smtp.messages[0]!.header('List-Unsubscribe'))![1]!;

    const page = await get(unsubscribeHandler, link);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<form method="post" action="/newsletter/unsubscribe?t=');
    expect(html).toContain('<button type="submit">Unsubscribe</button>');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect((await subscriber(database, 'leaver@example.org'))?.status).toBe('confirmed');

    const answer = await post(link);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('You are unsubscribed');
    expect((await subscriber(database, 'leaver@example.org'))?.status).toBe('unsubscribed');
    // A second one-click request (mail programs retry) gives the same answer.
    expect((await post(link)).status).toBe(200);
    // The old confirmation link does not bring the address back.
    expect((await get(confirmLink, linkIn(smtp.messages[0], '/newsletter/confirm'))).status).toBe(410);
    expect((await subscriber(database, 'leaver@example.org'))?.status).toBe('unsubscribed');
  });

  test('a forged unsubscribe token is refused and changes nothing', async () => {
    await submit('newsletter_subscribe', { email: 'stay@example.org' });
    const row = await subscriber(database, 'stay@example.org');
    const forged = subscriberToken('unsubscribe', row!.id, 'someone-else@example.org');
    expect((await post(`${SITE}/newsletter/unsubscribe?t=${forged}`)).status).toBe(400);
    expect((await get(unsubscribeHandler, `${SITE}/newsletter/unsubscribe?t=${forged}`)).status).toBe(400);
    expect((await subscriber(database, 'stay@example.org'))?.status).toBe('pending');
  });

  test('asking for an unsubscribe link answers the same for a known and an unknown address', async () => {
    await submit('newsletter_subscribe', { email: 'known@example.org' });
    const ask = (email: string, form = true) =>
      unsubscribeLinkHandler(
        new Request('http://localhost/api/newsletter/unsubscribe-link', {
          method: 'POST',
          headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
          body: form ? new URLSearchParams({ email }).toString() : JSON.stringify({ email }),
        }),
        context(),
      );
    const known = await ask('known@example.org');
    const unknown = await ask('unknown@example.org');
    for (const answer of [known, unknown]) {
      expect(answer.status).toBe(303);
      expect(answer.headers.get('location')).toBe('/newsletter/leave/sent/');
    }
    const knownJson = await ask('KNOWN@example.org', false);
    const unknownJson = await ask('nobody@example.org', false);
    expect([knownJson.status, await knownJson.text()]).toEqual([unknownJson.status, await unknownJson.text()]);
    await deliverDue();
    const sent = smtp.messages.filter((mail) => /leave/i.test(mail.subject));
    // Asked twice within the hour: one email.
    expect(sent.map((mail) => mail.to[0])).toEqual(['known@example.org']);
    expect(sent[0]!.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(sent[0]!.text).toContain(`${SITE}/newsletter/unsubscribe?t=`);
    expect((await ask('not an address', false)).status).toBe(400);
  });

  test("the donate form's ticked box makes a pending subscriber; unticked makes none", async () => {
    const gift = (email: string, newsletter: boolean) => ({
      amount: '25',
      type: 'one-time',
      cause: 'education',
      paymentMethod: 'card',
      name: 'Faith Wanjiru',
      email,
      newsletter,
      timestamp: new Date().toISOString(),
    });
    expect((await submit('donation_intent', gift('ticked@example.org', true))).status).toBe(202);
    expect((await submit('donation_intent', gift('unticked@example.org', false))).status).toBe(202);
    expect(await subscriber(database, 'ticked@example.org')).toMatchObject({
      status: 'pending',
      source: 'donation_intent',
    });
    expect(await subscriber(database, 'unticked@example.org')).toBeUndefined();
    expect(smtp.messages.map((mail) => mail.to[0])).toEqual(['ticked@example.org']);
    const consents = await rows(database, 'select form, wording from consent_records order by id');
    expect(consents).toEqual([
      { form: 'donation_intent', wording: CONSENT_WORDING.donation_intent },
      { form: 'donation_intent', wording: CONSENT_WORDING.donation_intent },
    ]);
  });
});
