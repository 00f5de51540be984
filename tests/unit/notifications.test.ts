/**
 * Staff notifications against a real SMTP server (`smtp-server`, on a free port): one email per submission, the daily
 * digest, a mail server that is down or silent, retries with exactly-once delivery, and the outbox and preferences
 * endpoints, on both databases.
 */
import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import notifyRetry from '../../netlify/functions/notify-retry.ts';
import notifyDigest from '../../netlify/functions/notify-digest.ts';
import adminOutbox from '../../netlify/functions/admin-outbox.ts';
import { OutboxAnswer } from '../../src/schemas/notifications.ts';
import adminPreferences from '../../netlify/functions/admin-preferences.ts';
import { previousNairobiDay, queueDigests } from '../../netlify/functions/_shared/staff/digest.ts';
import {
  deliverDue,
  enqueue,
  LEASE_SECONDS,
  retryDelayMinutes,
} from '../../netlify/functions/_shared/platform/outbox.ts';
import { openMailer } from '../../netlify/functions/_shared/platform/mailer.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { databases, rows, truncate, useDatabase, type TestDatabase } from '../support/databases.ts';
import { call, staffToken, useEnv, useJwtSecret } from '../support/admin.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';
import { deferredContext, submit } from '../support/submit.ts';
import { NOTICE_TABLES, SITE, SUBMISSIONS } from '../support/staff-notices.ts';

const OFFICE = ['office@tumaini.example', 'director@tumaini.example'];

async function outbox(database: TestDatabase) {
  return rows<{ id: string; status: string; attempts: number; source: string; last_error: string | null }>(
    database,
    'select id::text as id, status, attempts, source, last_error from notification_outbox order by id',
  );
}

test('retries back off from one minute, doubling to an hour', () => {
  expect([1, 2, 3, 4, 5, 6, 7, 8, 30].map(retryDelayMinutes)).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
});

test('the digest covers the previous Nairobi day', () => {
  // 22:30 UTC on the 22nd is 01:30 on the 23rd in Nairobi.
  expect(previousNairobiDay(new Date('2026-11-22T22:30:00Z'))).toBe('2026-11-22');
  expect(previousNairobiDay(new Date('2026-11-23T04:00:00Z'))).toBe('2026-11-22');
});

/** Free port of the test mail server, taken once: the server stops and starts again on its port. */
const smtpPort = await freePort();

describe.each(databases)('notifications on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  useEnv({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_TO: OFFICE.join(', '),
    NOTIFY_FROM: 'Tumaini website <website@tumaini.example>',
    SITE_URL: SITE,
  });
  let smtp: TestSmtpServer | undefined;
  beforeEach(async () => {
    await truncate(database, NOTICE_TABLES);
    smtp = await startSmtpServer(smtpPort);
  });
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  test('sends one email per submission with the right subject, recipients and link, and none per sign-up', async () => {
    // (A sign-up's only email is the confirmation to the subscriber: tests/unit/newsletter.test.ts.)
    for (const [type, sample] of Object.entries(SUBMISSIONS)) {
      const answer = await submit(type, sample.payload);
      expect(answer.status, type).toBe(202);
      await answer.settled();
    }
    const signUp = await submit('newsletter_subscribe', { email: 'reader@example.org', name: 'Reader' });
    await signUp.settled();

    // Applicants' acknowledgements are tested in applications.test.ts; here, the staff emails.
    const messages = smtp!.messages.filter(
      (message) => !message.to.includes('reader@example.org') && !message.subject.startsWith('We received'),
    );
    expect(messages.map((message) => message.subject)).toEqual(Object.values(SUBMISSIONS).map((s) => s.subject));
    for (const [index, sample] of Object.values(SUBMISSIONS).entries()) {
      const message = messages[index]!;
      expect(message.to.sort()).toEqual([...OFFICE].sort());
      expect(message.from).toContain('website@tumaini.example');
      expect(message.text).toContain(sample.link);
      for (const field of sample.fields) expect(message.text).toContain(field);
      // Minimised: no contact details or free text in the email.
      expect(message.text).not.toMatch(/@example\.org|\+2547|0711|0722|0733|Private|Kenyan/);
    }
    expect(messages[5]!.text).not.toContain('Faith');
    expect((await outbox(database)).map((row) => row.status)).toEqual(Array(11).fill('sent'));
  });

  test('with the mail server down the submission answers 202, stays pending and is sent exactly once later', async () => {
    await smtp!.close();
    const answer = await submit('contact_submit', SUBMISSIONS.contact_submit.payload);
    expect(answer.status).toBe(202);
    await answer.settled();
    const [pending] = await outbox(database);
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending?.last_error).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    const [{ waits } = { waits: 0 }] = await rows<{ waits: number }>(
      database,
      `select round(extract(epoch from next_attempt_at - now()) / 60)::int as waits from notification_outbox`,
    );
    expect(waits).toBe(1);

    smtp = await startSmtpServer(smtpPort);
    // Before its backoff has passed the retry leaves it alone.
    await notifyRetry();
    expect(smtp.messages).toHaveLength(0);

    // A minute later: two retry runs at the same moment, then a third.
    await rows(database, `update notification_outbox set next_attempt_at = now()`);
    await Promise.all([notifyRetry(), notifyRetry()]);
    await notifyRetry();
    expect(smtp.messages.map((message) => message.subject)).toEqual(['New contact message (#1)']);
    expect(await outbox(database)).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
  });

  test('a silent mail server does not delay the answer; the attempt times out and stays pending', async () => {
    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    const saved = process.env['SMTP_URL'];
    // The greeting waited for is cut from 8 s to 2.5 s (nodemailer reads options from the URL's query).
    process.env['SMTP_URL'] = `smtp://127.0.0.1:${silentPort}/?greetingTimeout=2500`;
    try {
      const answer = await submit('volunteer_application', SUBMISSIONS.volunteer_application.payload);
      expect(answer.status).toBe(202);
      // The answer came while the email still waited for the greeting: an answer that waited on the mail server
      // would come only once the attempt had timed out.
      expect(answer.sendingAtAnswer).toBeGreaterThan(0);
      await answer.settled();
      // The staff email timed out; the run ends there, leaving the applicant's acknowledgement for the next one.
      expect(await outbox(database)).toMatchObject([
        { status: 'pending', attempts: 1 },
        { status: 'pending', attempts: 0 },
      ]);
    } finally {
      process.env['SMTP_URL'] = saved;
      silent.close();
    }
  });

  test('gives up after a day, and a final refusal fails at once; staff can resend either', async () => {
    await smtp!.close();
    await (await submit('contact_submit', SUBMISSIONS.contact_submit.payload)).settled();
    await rows(
      database,
      `update notification_outbox set next_attempt_at = now(), give_up_at = now() - interval '1 minute'`,
    );
    await notifyRetry();
    expect(await outbox(database)).toMatchObject([{ status: 'failed', attempts: 2 }]);

    let refuse = true;
    smtp = await startSmtpServer(smtpPort, { reject: () => refuse });
    await (await submit('donation_intent', SUBMISSIONS.donation_intent.payload)).settled();
    const [, refused] = await outbox(database);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused?.last_error).toContain('550');

    refuse = false;
    const token = await staffToken('amina');
    for (const id of ['1', '2']) {
      const { context: ctx, settled } = deferredContext();
      const res = await adminOutbox(
        new Request('http://localhost/api/admin/outbox/resend', {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ id }),
        }),
        ctx,
      );
      expect(res.status).toBe(202);
      await settled();
    }
    expect(smtp.messages.map((message) => message.subject).sort()).toEqual([
      'New contact message (#1)',
      'New donation intent (#1)',
    ]);
    expect((await outbox(database)).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  test('without SMTP_URL nothing is sent and the outbox keeps what would have been', async () => {
    const saved = process.env['SMTP_URL'];
    delete process.env['SMTP_URL'];
    try {
      await (await submit('contact_submit', SUBMISSIONS.contact_submit.payload)).settled();
      const res = await call(adminOutbox, 'GET', '/api/admin/outbox', { token: await staffToken() });
      expect(res.status).toBe(200);
      const body = OutboxAnswer.parse(await res.json());
      expect(body.sending).toBe(false);
      expect(body.counts).toEqual({ pending: 0, sent: 0, failed: 0, skipped: 1 });
      expect(body.outbox[0]).toMatchObject({
        status: 'skipped',
        subject: 'New contact message (#1)',
        recipients: OFFICE.join(', '),
        last_error: 'Not sent: no email server is set up',
      });
      expect(body.outbox[0]?.['body']).toContain(SUBMISSIONS.contact_submit.link);
      expect(smtp!.messages).toHaveLength(0);
    } finally {
      process.env['SMTP_URL'] = saved;
    }
  });

  test('a daily digest gathers the day’s sign-ups, once, and everything for staff who chose a digest', async () => {
    const digestToken = await staffToken('Wanjiru');
    const saved = await call(adminPreferences, 'PUT', '/api/admin/preferences', {
      token: digestToken,
      json: { email: 'wanjiru@tumaini.example', notify: 'digest' },
    });
    expect(saved.status).toBe(200);
    for (const [email, name] of [
      ['a@example.org', 'Achieng'],
      ['b@example.org', undefined],
      ['c@example.org', 'Chege'],
    ] as const) {
      await (await submit('newsletter_subscribe', { email, ...(name ? { name } : {}) })).settled();
    }
    await (await submit('contact_submit', SUBMISSIONS.contact_submit.payload)).settled();
    await (await submit('newsletter_subscribe', { email: 'today@example.org', name: 'Today' })).settled();
    const day = previousNairobiDay();
    // Everything but the last sign-up arrived yesterday (Nairobi time).
    for (const table of ['newsletter_subscribers', 'notification_outbox']) {
      await rows(
        database,
        `update ${table} set ts = ($1 || 'T12:00:00+03:00')::timestamptz where ${table === 'newsletter_subscribers' ? `email <> 'today@example.org'` : 'true'}`,
        [day],
      );
    }
    smtp!.messages.length = 0;

    const first = (await (await notifyDigest()).json()) as { queued: number; sent: number };
    expect(first).toMatchObject({ queued: 2, sent: 2 });
    expect((await (await notifyDigest()).json()) as { queued: number }).toMatchObject({ queued: 0 });
    expect(await queueDigests(day)).toBe(0);

    const [office, wanjiru] = [...smtp!.messages].sort((a, b) => a.to.length - b.to.length).reverse();
    expect(office?.to.sort()).toEqual([...OFFICE].sort());
    expect(office?.subject).toBe(`Daily summary for ${day}: 3 newsletter sign-ups`);
    expect(office?.text).toContain('- Achieng\n- No name given\n- Chege');
    expect(office?.text).not.toContain('Today');
    expect(office?.text).not.toContain('@example.org');
    expect(office?.text).toContain(`${SITE}/samu#newsletter`);
    expect(office?.text).not.toContain('New contact message');

    expect(wanjiru?.to).toEqual(['wanjiru@tumaini.example']);
    expect(wanjiru?.subject).toBe(`Daily summary for ${day}: 1 submission, 3 newsletter sign-ups`);
    expect(wanjiru?.text).toContain(`- New contact message (#1): ${SUBMISSIONS.contact_submit.link}`);
  });

  test('staff who choose instant emails are added to the recipients; their choice is checked', async () => {
    const token = await staffToken('Otieno');
    const bad = await call(adminPreferences, 'PUT', '/api/admin/preferences', {
      token,
      json: { email: '', notify: 'instant' },
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ issues: [{ path: 'email' }] });
    expect(
      (await call(adminPreferences, 'PUT', '/api/admin/preferences', { token, json: { notify: 'often' } })).status,
    ).toBe(400);
    expect((await call(adminPreferences, 'GET', '/api/admin/preferences')).status).toBe(401);

    const ok = await call(adminPreferences, 'PUT', '/api/admin/preferences', {
      token,
      json: { email: ' Otieno@Tumaini.example ', notify: 'instant' },
    });
    expect(await ok.json()).toEqual({ preferences: { email: 'Otieno@Tumaini.example', notify: 'instant' } });
    const read = await call(adminPreferences, 'GET', '/api/admin/preferences', { token: await staffToken('otieno') });
    expect(await read.json()).toEqual({ preferences: { email: 'Otieno@Tumaini.example', notify: 'instant' } });

    await (await submit('contact_submit', SUBMISSIONS.contact_submit.payload)).settled();
    expect(smtp!.messages[0]?.to.sort()).toEqual([...OFFICE, 'otieno@tumaini.example'].sort());
  });

  test('the outbox endpoint needs a staff token and checks its input', async () => {
    const token = await staffToken();
    expect((await call(adminOutbox, 'GET', '/api/admin/outbox')).status).toBe(401);
    expect((await call(adminOutbox, 'GET', '/api/admin/outbox?status=lost', { token })).status).toBe(400);
    expect((await call(adminOutbox, 'DELETE', '/api/admin/outbox', { token })).status).toBe(405);
    const resend = (json: unknown) => call(adminOutbox, 'POST', '/api/admin/outbox/resend', { token, json });
    expect((await resend({ id: 'x' })).status).toBe(400);
    expect((await resend({ id: '99' })).status).toBe(404);
    await smtp!.close();
    await (await submit('contact_submit', SUBMISSIONS.contact_submit.payload)).settled();
    expect((await resend({ id: '1' })).status).toBe(409);
  });

  test('two senders at the same moment send a due notification once', async () => {
    await smtp!.close();
    for (let i = 0; i < 3; i += 1) {
      await (await submit('contact_submit', { ...SUBMISSIONS.contact_submit.payload, name: `N${i}` })).settled();
    }
    smtp = await startSmtpServer(smtpPort);
    await rows(database, `update notification_outbox set next_attempt_at = now()`);
    const reports = await Promise.all([deliverDue(), deliverDue(), deliverDue()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(3);
    expect(smtp.messages.map((message) => message.subject).sort()).toEqual([
      'New contact message (#1)',
      'New contact message (#2)',
      'New contact message (#3)',
    ]);
  });

  test('a sender killed as the server accepts resends within a minute under the same Message-ID', async () => {
    await smtp!.close();
    await (await submit('contact_submit', SUBMISSIONS.contact_submit.payload)).settled();
    smtp = await startSmtpServer(smtpPort);
    await rows(database, `update notification_outbox set next_attempt_at = now()`);
    // The server accepts, then the sender never reaches its next step, as under kill -9.
    const real = openMailer()!;
    const dying = {
      send: async (message: Parameters<typeof real.send>[0]) => {
        await real.send(message);
        await new Promise(() => {});
      },
      close: () => real.close(),
    };
    void deliverDue({ mailer: dying });
    await expect.poll(() => smtp!.messages.length).toBe(1);
    const [lease] = await rows<{ seconds: number; status: string }>(
      database,
      `select extract(epoch from next_attempt_at - now())::float8 as seconds, status from notification_outbox`,
    );
    expect(lease?.status).toBe('pending');
    expect(lease?.seconds).toBeGreaterThan(LEASE_SECONDS - 10);
    expect(lease?.seconds).toBeLessThanOrEqual(60);

    await rows(database, `update notification_outbox set next_attempt_at = now()`);
    expect((await deliverDue()).sent).toBe(1);
    const [first, again] = smtp.messages;
    expect(first?.header('Message-ID')).toMatch(/^<outbox\.1\.[0-9a-f]{16}@tumaini\.example>$/);
    expect(again?.header('Message-ID')).toBe(first?.header('Message-ID'));
    real.close();
  });

  test('a message to a person carries its Reply-To, extra headers and attachments', async () => {
    const pdf = Buffer.from('%PDF-1.4 receipt 0001');
    await enqueue(
      { query },
      {
        kind: 'message',
        dedupKey: 'message:test:1',
        source: 'receipt',
        notice: { subject: 'Your receipt', body: 'Thank you for your gift.', resource: 'gifts', recordId: '1' },
        recipients: ['donor@example.org'],
        replyTo: 'amina@tumaini.example',
        headers: { 'List-Unsubscribe': '<https://tumaini.example/unsubscribe?t=abc>' },
        attachments: [
          { filename: 'receipt-0001.pdf', contentType: 'application/pdf', content: pdf.toString('base64') },
        ],
      },
    );
    expect((await deliverDue()).sent).toBe(1);
    const [message] = smtp!.messages;
    expect(message?.to).toEqual(['donor@example.org']);
    expect(message?.text).toBe('Thank you for your gift.');
    expect(message?.header('Reply-To')).toBe('amina@tumaini.example');
    expect(message?.header('List-Unsubscribe')).toBe('<https://tumaini.example/unsubscribe?t=abc>');
    expect(message?.attachments.map((file) => [file.filename, file.contentType, file.content.toString()])).toEqual([
      ['receipt-0001.pdf', 'application/pdf', pdf.toString()],
    ]);
  });
});
