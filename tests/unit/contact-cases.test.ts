/**
 * Contact messages as cases, on both databases: the office notification answers to the writer (Reply-To), staff take
 * a message, add notes, reply from the contact template through a real SMTP server (From and Reply-To the office,
 * signed with the staff member's display name) and mark it done, each change audited; a message neither replied to nor
 * done is overdue past the contact page's promise (injected clock); a person's export and erasure cover the notes and
 * replies.
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import adminContactCases from '../../netlify/functions/admin-contact-cases.ts';
import adminContacts from '../../netlify/functions/admin-contacts.ts';
import adminAccount from '../../netlify/functions/admin-account.ts';
import people from '../../netlify/functions/admin-people.ts';
import {
  countOpenContacts,
  countOverdueContacts,
  getContactCase,
  OFFICE_ADDRESS,
} from '../../netlify/functions/_shared/applications/contact-cases.ts';
import { deliverDue } from '../../netlify/functions/_shared/platform/outbox.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { CONTACT_PROMISE, contactAge, contactDueAt, isContactOverdue } from '../../src/lib/contact-cases.ts';
import { CONTACT_SUCCESS } from '../../src/lib/form-pages.ts';
import { ContactCaseAnswerSchema } from '../../src/schemas/cases.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { submitForm } from '../support/submit.ts';
import {
  ADMIN_TABLES,
  auditEvents,
  call,
  keepReplyTemplates,
  staffToken,
  useEnv,
  useJwtSecret,
} from '../support/admin.ts';
import { freePort, startSmtpServer, type TestSmtpServer } from '../../support/stand-ins/smtp.ts';

const MESSAGE = {
  name: 'Wanjiru Kamau',
  email: 'wanjiru@example.org',
  subject: 'School visit in March',
  message: 'Can our class visit the Kibera school in March?',
  type: 'general',
};

describe('the contact promise', () => {
  const arrived = new Date('2026-11-20T10:00:00+03:00');

  test('is the number the contact page states, and a message is overdue only while neither replied to nor done', () => {
    expect(CONTACT_SUCCESS).toContain(`within ${CONTACT_PROMISE.hours} hours`);
    const due = contactDueAt(arrived);
    expect(due.getTime() - arrived.getTime()).toBe(CONTACT_PROMISE.hours * 3_600_000);
    const before = new Date(due.getTime() - 1);
    const open = { ts: arrived, repliedAt: null, doneAt: null };
    expect(isContactOverdue(open, before)).toBe(false);
    expect(isContactOverdue(open, due)).toBe(true);
    expect(isContactOverdue({ ...open, repliedAt: before.toISOString() }, due)).toBe(false);
    expect(isContactOverdue({ ...open, doneAt: before.toISOString() }, due)).toBe(false);
    expect(contactAge(arrived, new Date(arrived.getTime() + 30 * 3_600_000))).toBe('30 of 24 hours');
  });
});

const smtpPort = await freePort();

describe.each(databases)('contact messages as cases on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  keepReplyTemplates();
  useEnv({
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    NOTIFY_TO: 'office@tumaini.example',
    NOTIFY_FROM: 'Tumaini <website@tumaini.example>',
  });
  // A mail server of its own for each test, on the port SMTP_URL names.
  let smtp: TestSmtpServer;
  beforeEach(async () => {
    smtp = await startSmtpServer(smtpPort);
  });
  afterEach(() => smtp.close());
  let token: string;
  beforeEach(async () => {
    await truncate(database, [...ADMIN_TABLES, 'rate_limits']);
    token = await staffToken('amina');
  });

  const act = (id: string, action: string, json: unknown) =>
    call(adminContactCases, 'POST', `/api/admin/contact-cases/${id}/${action}`, { token, json });
  const read = async (id: string) => {
    const res = await call(adminContactCases, 'GET', `/api/admin/contact-cases/${id}`, { token });
    expect(res.status).toBe(200);
    return ContactCaseAnswerSchema.parse(await res.json()).contact;
  };
  const changes = async () =>
    (await auditEvents())
      .filter((event) => event.type === 'admin.contacts.update')
      .map((event) => [event.payload['change'], event.payload['actor']]);

  test('the office notification of a new message has Reply-To of the person who wrote; it arrives open', async () => {
    await submitForm('contact_submit', MESSAGE);
    const notice = smtp.messages.find((mail) => mail.to.includes('office@tumaini.example'));
    expect(notice?.header('reply-to')).toContain('wanjiru@example.org');
    const list = await call(adminContacts, 'GET', '/api/admin/contacts', { token });
    const { contacts } = (await list.json()) as { contacts: Record<string, unknown>[] };
    expect(contacts).toMatchObject([{ name: 'Wanjiru Kamau', holder: null, replied_at: null, done_at: null }]);
    expect(await read('1')).toMatchObject({ status: 'open', holder: null, overdue: false, history: [] });
    expect(await countOpenContacts({ query })).toBe(1);
  });

  test('staff take it, add a note, reply from the template signed with their name, and mark it done; each step audited', async () => {
    await submitForm('contact_submit', MESSAGE);
    await call(adminAccount, 'PUT', '/api/admin/account/profile', { token, json: { displayName: 'Amina Wanjiku' } });

    expect((await act('1', 'holder', { holder: 'amina' })).status).toBe(200);
    expect((await act('1', 'notes', { text: 'Ask Esther which week suits the school.' })).status).toBe(200);
    const opened = await read('1');
    expect(opened).toMatchObject({ holder: 'amina', status: 'open', replyFrom: OFFICE_ADDRESS });
    expect(opened.history).toMatchObject([
      { kind: 'note', author: 'amina', body: 'Ask Esther which week suits the school.' },
    ]);
    // The reply starts from the contact template, filled for the writer and signed with the display name.
    const draft = opened.draft!;
    expect(draft.subject).toBe('Re: School visit in March');
    expect(draft.body).toMatch(/^Dear Wanjiru Kamau,\n\nThank you for writing to us about "School visit in March"\./);
    expect(draft.body).toMatch(/\n\nWith thanks,\nAmina Wanjiku$/);

    const body = draft.body.replace('\n\n\n\n', '\n\nThe second week of March suits us.\n\n');
    expect((await act('1', 'reply', { subject: draft.subject, body })).status).toBe(200);
    await deliverDue();
    const reply = smtp.messages.find((mail) => mail.subject === 'Re: School visit in March');
    expect(reply?.to).toEqual(['wanjiru@example.org']);
    expect(reply?.from).toContain(OFFICE_ADDRESS);
    expect(reply?.header('from')).toContain("Tumaini Children's Foundation");
    expect(reply?.header('reply-to')).toContain(OFFICE_ADDRESS);
    expect(reply?.text).toContain('The second week of March suits us.');
    expect(reply?.text).toContain('Amina Wanjiku');

    const replied = await read('1');
    expect(replied.status).toBe('replied');
    expect(replied.history.at(-1)).toMatchObject({
      kind: 'reply',
      author: 'amina',
      recipient: 'wanjiru@example.org',
      replyTo: OFFICE_ADDRESS,
      status: 'sent',
    });

    expect((await act('1', 'done', { done: true })).status).toBe(200);
    expect(await read('1')).toMatchObject({ status: 'done', overdue: false });
    expect(await countOpenContacts({ query })).toBe(0);
    // Done is final until reopened: no second "done", no reply.
    expect((await act('1', 'done', { done: true })).status).toBe(409);
    expect((await act('1', 'reply', { subject: 'Again', body: 'Again' })).status).toBe(409);
    expect((await act('1', 'done', { done: false })).status).toBe(200);
    expect((await read('1')).status).toBe('replied');

    expect(await changes()).toEqual([
      ['holder', 'amina'],
      ['note', 'amina'],
      ['reply', 'amina'],
      ['done', 'amina'],
      ['reopen', 'amina'],
    ]);
  });

  test('replying gives an unheld message to the staff member who replied', async () => {
    await submitForm('contact_submit', MESSAGE);
    const draft = (await read('1')).draft!;
    expect((await act('1', 'reply', draft)).status).toBe(200);
    expect(await read('1')).toMatchObject({ holder: 'amina', status: 'replied' });
    expect(await changes()).toEqual([
      ['reply', 'amina'],
      ['holder', 'amina'],
    ]);
  });

  test('a message past the promise is overdue until it is replied to or done (injected clock)', async () => {
    await submitForm('contact_submit', MESSAGE);
    await submitForm('contact_submit', { ...MESSAGE, subject: 'Donation receipt' });
    const [{ ts } = { ts: '' }] = await rows<{ ts: Date }>(database, 'select ts from contacts where id = 1');
    const arrived = new Date(ts);
    const justBefore = new Date(arrived.getTime() + CONTACT_PROMISE.hours * 3_600_000 - 60_000);
    const dayAfter = new Date(arrived.getTime() + 2 * 86_400_000);
    expect(await countOverdueContacts({ query }, justBefore)).toBe(0);
    expect(await countOverdueContacts({ query }, dayAfter)).toBe(2);
    expect((await getContactCase('1', 'amina', dayAfter))?.overdue).toBe(true);

    expect((await act('1', 'reply', (await read('1')).draft!)).status).toBe(200);
    expect((await act('2', 'done', { done: true })).status).toBe(200);
    expect(await countOverdueContacts({ query }, dayAfter)).toBe(0);
    expect((await getContactCase('1', 'amina', dayAfter))?.overdue).toBe(false);
  });

  test('bad input is a clear 4xx and changes nothing', async () => {
    await submitForm('contact_submit', MESSAGE);
    expect((await act('1', 'holder', { holder: 'nobody' })).status).toBe(400);
    expect((await act('1', 'done', { done: 'yes' })).status).toBe(400);
    expect((await act('1', 'notes', { text: '  ' })).status).toBe(400);
    expect((await act('1', 'reply', { subject: 'Two\nlines', body: 'Hi' })).status).toBe(400);
    expect((await act('1', 'archive', {})).status).toBe(404);
    expect((await act('99', 'done', { done: true })).status).toBe(404);
    expect((await call(adminContactCases, 'GET', '/api/admin/contact-cases/abc', { token })).status).toBe(400);
    expect((await call(adminContactCases, 'GET', '/api/admin/contact-cases/1')).status).toBe(401);
    expect(await read('1')).toMatchObject({ status: 'open', holder: null, history: [] });
    expect(await changes()).toEqual([]);
  });

  test("a person's export holds the notes and replies on their message, and erasure removes them", async () => {
    await submitForm('contact_submit', MESSAGE);
    await act('1', 'notes', { text: 'Her school is St. Mary’s, Kibera.' });
    await act('1', 'reply', (await read('1')).draft!);
    const post = (action: string, json: unknown) =>
      call(people, 'POST', `/api/admin/people/${action}`, { token, json, params: { action } });
    const reason = 'Her request of 3 June';

    const exported = await post('export', { email: MESSAGE.email, reason });
    expect(exported.status).toBe(200);
    const file = await exported.text();
    expect(file).toContain('Her school is St. Mary’s, Kibera.');
    expect(file).toContain('Re: School visit in March');

    expect((await post('erase', { email: MESSAGE.email, reason })).status).toBe(200);
    expect(await rows(database, 'select count(*)::int as n from contact_history')).toEqual([{ n: 0 }]);
    expect(await rows(database, 'select count(*)::int as n from contacts')).toEqual([{ n: 0 }]);
  });
});
