/**
 * The applications queue: promises in business days, the acknowledgement on arrival and the templated
 * reply with Reply-To through a real SMTP server, states and forbidden moves, holder, notes, the audit trail, and
 * overdue applications counted in the digest with an injected clock, on both databases.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import adminApplications from '../../netlify/functions/admin-applications.ts';
import adminVolunteers from '../../netlify/functions/admin-volunteers.ts';
import adminAccount from '../../netlify/functions/admin-account.ts';
import { queueDigests } from '../../netlify/functions/_shared/staff/digest.ts';
import { countOverdue } from '../../netlify/functions/_shared/applications/applications.ts';
import { deliverDue } from '../../netlify/functions/_shared/platform/outbox.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { ageText, businessDaysSince, canMove, dueAt, isOverdue } from '../../src/lib/applications.ts';
import { ApplicationCaseAnswerSchema } from '../../src/schemas/cases.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { submitForm } from '../support/submit.ts';
import { ADMIN_TABLES, auditEvents, call, keepReplyTemplates, staffToken, useJwtSecret } from '../support/admin.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';

describe('promises in business days (Nairobi)', () => {
  // 2026-11-20 is a Friday.
  const friday = new Date('2026-11-20T10:00:00+03:00');

  test('counts Monday to Friday after the day of arrival', () => {
    expect(businessDaysSince(friday, new Date('2026-11-22T23:00:00+03:00'))).toBe(0);
    expect(businessDaysSince(friday, new Date('2026-11-23T00:30:00+03:00'))).toBe(1);
    expect(businessDaysSince(friday, new Date('2026-11-27T18:00:00+03:00'))).toBe(5);
    expect(businessDaysSince(friday, new Date('2026-11-30T08:00:00+03:00'))).toBe(6);
  });

  test('a volunteer application is due after five business days, an internship after seven, a sponsorship after 24 hours', () => {
    expect(dueAt('volunteer_application', friday).toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(dueAt('school_volunteer_application', friday).toISOString()).toBe('2026-11-27T21:00:00.000Z');
    expect(dueAt('internship_application', friday).toISOString()).toBe('2026-12-01T21:00:00.000Z');
    expect(dueAt('sponsorship_application', friday).toISOString()).toBe('2026-11-21T07:00:00.000Z');
    // Late on Friday in UTC is already Saturday in Nairobi: the count starts on Monday.
    expect(dueAt('volunteer_application', new Date('2026-11-20T22:00:00Z')).toISOString()).toBe(
      '2026-11-27T21:00:00.000Z',
    );
  });

  test('only open applications are overdue, and the age reads against the promise', () => {
    const due = dueAt('volunteer_application', friday);
    const after = new Date('2026-11-30T08:00:00+03:00');
    expect(isOverdue('new', due, after)).toBe(true);
    expect(isOverdue('in_review', due, after)).toBe(true);
    expect(isOverdue('accepted', due, after)).toBe(false);
    expect(isOverdue('new', due, new Date('2026-11-27T20:59:59Z'))).toBe(false);
    expect(ageText('volunteer_application', friday, after)).toBe('6 of 5 business days');
    expect(ageText('sponsorship_application', friday, new Date('2026-11-21T16:00:00+03:00'))).toBe('30 of 24 hours');
  });

  test('the queue allows new → in review → accepted, declined or withdrawn, and nothing that skips review', () => {
    expect(canMove('new', 'in_review')).toBe(true);
    expect(canMove('new', 'accepted')).toBe(false);
    expect(canMove('new', 'declined')).toBe(false);
    expect(canMove('in_review', 'accepted')).toBe(true);
    expect(canMove('in_review', 'new')).toBe(false);
    expect(canMove('accepted', 'declined')).toBe(false);
  });
});

const VOLUNTEER = {
  name: 'Brian Otieno',
  email: 'brian@example.org',
  phone: '+254700000001',
  age: '24',
  nationality: 'Kenyan',
  skills: ['Teaching'],
  availability: 'Weekends only',
  motivation: 'To help',
  opportunity: 'teaching-assistant',
};

const SPONSOR = {
  name: 'Grace',
  email: 'grace@example.org',
  sponsorshipType: 'full',
  paymentMethod: 'monthly',
  childId: 'achieng',
  timestamp: new Date().toISOString(),
};

/** The `error` text of an error answer. */
async function errorOf(res: Response): Promise<string> {
  return ((await res.json()) as { error: string }).error;
}

const smtpPort = await freePort();

describe.each(databases)('applications queue on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const key of ['SMTP_URL', 'NOTIFY_TO', 'NOTIFY_FROM']) saved[key] = process.env[key];
    process.env['SMTP_URL'] = `smtp://127.0.0.1:${smtpPort}`;
    process.env['NOTIFY_TO'] = 'office@tumaini.example';
    process.env['NOTIFY_FROM'] = 'Tumaini <website@tumaini.example>';
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });
  let smtp: TestSmtpServer;
  let token: string;
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    smtp = await startSmtpServer(smtpPort);
    token = await staffToken('amina');
  });
  afterEach(async () => {
    await smtp.close();
  });

  const act = (id: string, action: string, json: unknown, as = token) =>
    call(adminApplications, 'POST', `/api/admin/applications/${id}/${action}`, { token: as, json });
  const read = async (id: string) => {
    const res = await call(adminApplications, 'GET', `/api/admin/applications/${id}`, { token });
    expect(res.status).toBe(200);
    // Read as the dashboard reads it: an answer that drifts from the shared schema fails here.
    return ApplicationCaseAnswerSchema.parse(await res.json()).application;
  };

  test('an application arrives as new, due by its promise, and the applicant gets an acknowledgement', async () => {
    await submitForm('volunteer_application', VOLUNTEER);
    const list = await call(adminVolunteers, 'GET', '/api/admin/volunteers', { token });
    const { volunteers } = (await list.json()) as { volunteers: Record<string, unknown>[] };
    expect(volunteers).toHaveLength(1);
    const [row] = volunteers;
    expect(row).toMatchObject({ name: 'Brian Otieno', state: 'new', holder: null });
    expect(row!['due_at']).toBe(dueAt('volunteer_application', new Date(String(row!['ts']))).toISOString());

    const ack = smtp.messages.find((mail) => mail.to.includes('brian@example.org'));
    expect(ack?.subject).toBe('We received your volunteer application');
    expect(ack?.text).toContain('Dear Brian Otieno,');
    expect(ack?.text).toContain('within 3–5 business days');
    // The staff notification still goes to the office.
    expect(smtp.messages.some((mail) => mail.to.includes('office@tumaini.example'))).toBe(true);

    const record = await read('1');
    expect(record['kind']).toBe('volunteer_application');
    expect(record.history).toMatchObject([
      { kind: 'acknowledgement', recipient: 'brian@example.org', status: 'sent', subject: ack?.subject },
    ]);
    expect(record.history[0]!['sentAt']).toEqual(expect.any(String));
  });

  test('a sponsorship application joins the queue, filterable by its kind, promised within 24 hours', async () => {
    await submitForm('sponsorship_application', SPONSOR);
    const record = await read('1');
    expect(record).toMatchObject({ kind: 'sponsorship_application', state: 'new', name: 'Grace' });
    expect(record['details']).toMatchObject({ childId: 'achieng', form: 'sponsorship_application' });
    expect(new Date(String(record['dueAt'])).getTime() - new Date(String(record['ts'])).getTime()).toBe(86_400_000);
    expect(smtp.messages.find((mail) => mail.to.includes('grace@example.org'))?.text).toContain('within 24 hours');
  });

  test('staff move it new → in review → accepted and send the templated reply with Reply-To themselves; the audit has each step', async () => {
    await submitForm('volunteer_application', VOLUNTEER);
    const skipped = await act('1', 'state', { state: 'accepted' });
    expect(skipped.status).toBe(409);
    expect(await errorOf(skipped)).toBe(
      'An application that is new cannot become accepted: move it to in review first',
    );
    // Nothing of the refused move is kept: no state, no holder, no audit entry.
    expect(await read('1')).toMatchObject({ state: 'new', holder: null, draft: null });
    expect(await auditEvents()).toEqual([]);

    expect((await act('1', 'state', { state: 'in_review' })).status).toBe(200);
    expect(await read('1')).toMatchObject({ state: 'in_review', holder: 'amina' });
    const early = await act('1', 'reply', { subject: 'Hello', body: 'Too early' });
    expect(early.status).toBe(409);
    expect((await act('1', 'state', { state: 'accepted' })).status).toBe(200);

    // The reply starts from the seeded template of an accepted volunteer, filled for the applicant and staff member.
    const draft = (await read('1'))['draft'] as { subject: string; body: string };
    expect(draft.subject).toBe('Your volunteer application: welcome aboard');
    expect(draft.body).toMatch(/^Dear Brian Otieno,\n\nThank you for applying to volunteer with us\./);
    // Amina has not set the name she signs with: the reply is signed by the charity, never with her username.
    expect(draft.body).toMatch(/\n\nWith thanks,\nThe team at Tumaini Children's Foundation$/);
    const noAddress = await act('1', 'reply', draft);
    expect(noAddress.status).toBe(409);
    expect(await errorOf(noAddress)).toContain('Notifications');
    await query(
      `insert into staff_preferences (username, email, notify) values ('amina', 'amina@tumaini.example', 'none')`,
    );

    const sent = await act('1', 'reply', { ...draft, body: `${draft.body}\n\nPS: bring a hat.` });
    expect(sent.status).toBe(200);
    const reply = await (async () => {
      await deliverDue();
      return smtp.messages.find((mail) => mail.subject === draft.subject);
    })();
    expect(reply?.to).toEqual(['brian@example.org']);
    expect(reply?.header('reply-to')).toContain('amina@tumaini.example');
    expect(reply?.text).toContain('PS: bring a hat.');

    const record = await read('1');
    expect(record.history.map((entry) => [entry['kind'], entry['status']])).toEqual([
      ['acknowledgement', 'sent'],
      ['reply', 'sent'],
    ]);
    expect(record.history[1]).toMatchObject({ author: 'amina', replyTo: 'amina@tumaini.example' });
    const steps = (await auditEvents())
      .filter((event) => event.type === 'admin.volunteers.update')
      .map((event) => [event.payload['change'], event.payload['from'] ?? null, event.payload['to'] ?? null]);
    expect(steps).toEqual([
      ['state', 'new', 'in_review'],
      ['holder', null, 'amina'],
      ['state', 'in_review', 'accepted'],
      ['reply', null, null],
    ]);
  });

  test('a reply is signed with the display name the staff member set under Your account, and the change is audited', async () => {
    await submitForm('volunteer_application', VOLUNTEER);
    await act('1', 'state', { state: 'in_review' });
    await act('1', 'state', { state: 'accepted' });
    const profileCall = (method: string, json?: unknown) =>
      call(adminAccount, method, '/api/admin/account/profile', { token, ...(json === undefined ? {} : { json }) });
    const unset = await profileCall('GET');
    expect(unset.status).toBe(200);
    expect(await unset.json()).toEqual({ profile: { username: 'amina', displayName: null } });

    // Bad names are a clear 400 and change nothing.
    expect((await profileCall('PUT', { displayName: 'A'.repeat(81) })).status).toBe(400);
    expect((await profileCall('PUT', { displayName: 'Amina\nWanjiku' })).status).toBe(400);
    expect((await profileCall('PUT', { displayName: 7 })).status).toBe(400);

    const saved = await profileCall('PUT', { displayName: '  Amina Wanjiku ' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ profile: { username: 'amina', displayName: 'Amina Wanjiku' } });
    const draft = (await read('1'))['draft'] as { subject: string; body: string };
    expect(draft.body).toMatch(/\n\nWith thanks,\nAmina Wanjiku$/);
    expect(draft.body).not.toContain('amina');
    expect((await auditEvents()).filter((event) => event.type === 'admin.account.profile')).toMatchObject([
      { payload: { actor: 'amina', displayName: 'Amina Wanjiku' } },
    ]);

    // Another staff member's draft of the same reply carries their own signature.
    const brian = await staffToken('brian');
    const theirs = await call(adminApplications, 'GET', '/api/admin/applications/1', { token: brian });
    const { application } = (await theirs.json()) as { application: { draft: { body: string } } };
    expect(application.draft.body).toMatch(/\n\nWith thanks,\nThe team at Tumaini Children's Foundation$/);

    // Blank clears it.
    expect(await (await profileCall('PUT', { displayName: '  ' })).json()).toEqual({
      profile: { username: 'amina', displayName: null },
    });
  });

  test('holder and notes: only staff can hold it, notes are kept with their author, each change audited', async () => {
    await submitForm('volunteer_application', VOLUNTEER);
    await staffToken('brian');
    const unknown = await act('1', 'holder', { holder: 'nobody' });
    expect(unknown.status).toBe(400);
    expect((await act('1', 'holder', { holder: 'Brian' })).status).toBe(200);
    expect((await read('1'))['holder']).toBe('brian');
    expect((await act('1', 'notes', { text: '   ' })).status).toBe(400);
    expect((await act('1', 'notes', { text: 'Called him; starts in January.' })).status).toBe(200);
    const record = await read('1');
    expect(record.history.at(-1)).toMatchObject({
      kind: 'note',
      author: 'amina',
      body: 'Called him; starts in January.',
    });
    expect((await act('1', 'holder', { holder: null })).status).toBe(200);
    const changes = (await auditEvents()).filter((event) => event.type === 'admin.volunteers.update');
    expect(changes.map((event) => event.payload['change'])).toEqual(['holder', 'note', 'holder']);
    expect(changes.every((event) => event.payload['actor'] === 'amina')).toBe(true);
  });

  test('bad input: unknown state, unknown action, missing application, and a reply to an applicant with no email', async () => {
    await submitForm('volunteer_application', VOLUNTEER);
    expect((await act('1', 'state', { state: 'done' })).status).toBe(400);
    expect((await act('1', 'archive', {})).status).toBe(404);
    expect((await act('99', 'state', { state: 'in_review' })).status).toBe(404);
    expect((await call(adminApplications, 'GET', '/api/admin/applications/abc', { token })).status).toBe(400);
    expect((await call(adminApplications, 'GET', '/api/admin/applications/1')).status).toBe(401);

    await query('update volunteers set email = null');
    await query(
      `insert into staff_preferences (username, email, notify) values ('amina', 'amina@tumaini.example', 'none')`,
    );
    await act('1', 'state', { state: 'in_review' });
    await act('1', 'state', { state: 'declined' });
    const before = await rows(database, 'select count(*)::int as n from notification_outbox');
    const res = await act('1', 'reply', { subject: 'Your application', body: 'Sorry' });
    expect(res.status).toBe(409);
    expect(await errorOf(res)).toBe('This applicant left no email address, so no reply can be sent');
    // Nothing of the refused reply is kept: no email queued, no history entry, no audit entry.
    expect(await rows(database, 'select count(*)::int as n from notification_outbox')).toEqual(before);
    expect((await read('1')).history).toEqual([expect.objectContaining({ kind: 'acknowledgement' })]);
    expect((await auditEvents()).filter((event) => event.payload['change'] === 'reply')).toEqual([]);
  });

  test('an application past its promise is overdue (injected clock) and the digest counts it', async () => {
    await submitForm('volunteer_application', VOLUNTEER);
    await submitForm('sponsorship_application', SPONSOR);
    await query(
      `insert into staff_preferences (username, email, notify) values ('amina', 'amina@tumaini.example', 'digest')`,
    );
    const [{ ts } = { ts: '' }] = await rows<{ ts: Date }>(database, 'select ts from volunteers where id = 1');
    const arrived = new Date(ts);
    const inTwoDays = new Date(arrived.getTime() + 2 * 86_400_000);
    const inTwoWeeks = new Date(arrived.getTime() + 14 * 86_400_000);
    expect(await countOverdue({ query }, arrived)).toBe(0);
    expect(await countOverdue({ query }, inTwoDays)).toBe(1);
    expect(await countOverdue({ query }, inTwoWeeks)).toBe(2);
    // An answered application is no longer overdue.
    await act('2', 'state', { state: 'in_review' });
    await act('2', 'state', { state: 'withdrawn' });
    expect(await countOverdue({ query }, inTwoWeeks)).toBe(1);

    await query('truncate notification_outbox');
    // A day with nothing new still brings a digest to every audience, because something is overdue.
    expect(await queueDigests('2000-01-01', inTwoWeeks)).toBe(2);
    const digests = await rows<{ subject: string; body: string; recipients: string }>(
      database,
      `select subject, body, recipients from notification_outbox where kind = 'digest' order by recipients`,
    );
    expect(digests.map((digest) => digest.recipients)).toEqual(['amina@tumaini.example', 'office@tumaini.example']);
    for (const digest of digests) {
      expect(digest.subject).toContain('1 application overdue');
      expect(digest.body).toContain('/samu#volunteers');
    }
    await query('truncate notification_outbox');
    expect(await queueDigests('2000-01-01', arrived)).toBe(0);
  });
});
