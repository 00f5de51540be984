import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, test } from 'vitest';
import track from '../../netlify/functions/track.ts';
import { trackBodyFromForm } from '../../src/lib/forms.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { useJwtSecret } from '../support/admin.ts';

const URL = 'http://localhost/api/admin/track';
const TABLES = [
  'events',
  'contacts',
  'newsletter_subscribers',
  'volunteers',
  'donations',
  'rate_limits',
  'form_submissions',
];

/** A browser's own form post (JavaScript off). */
function postForm(fields: [string, string][], headers: Record<string, string> = {}): Promise<Response> {
  const request = new Request(URL, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });
  return track(request, context(`203.0.113.${Math.floor(Math.random() * 250) + 1}`));
}

function postJson(body: unknown): Promise<Response> {
  const request = new Request(URL, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return track(request, context(`203.0.113.${Math.floor(Math.random() * 250) + 1}`));
}

async function count(database: (typeof databases)[number], table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(database, `select count(*)::int as n from ${table}`);
  return row?.n ?? -1;
}

describe('trackBodyFromForm', () => {
  test('keeps lists as lists, turns donation checkboxes into booleans and prefers a typed amount', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const donation = trackBodyFromForm(
      [
        ['form', 'donation_intent'],
        ['amount', '50'],
        ['customAmount', '12.50'],
        ['anonymous', 'on'],
        ['name', 'Wanjiru'],
        ['website', ''],
        ['submissionId', 'abcdefgh-1234'],
      ],
      now,
    );
    expect(donation).toEqual({
      type: 'donation_intent',
      payload: { amount: '12.50', anonymous: true, newsletter: false, name: 'Wanjiru', timestamp: now.toISOString() },
      submissionId: 'abcdefgh-1234',
    });
    const school = trackBodyFromForm([
      ['form', 'school_volunteer_application'],
      ['subjects', 'English'],
    ]);
    expect(school.payload).toEqual({ subjects: ['English'] });
  });
});

describe.each(databases)('POST /api/admin/track form-encoded on $name', (database) => {
  useDatabase(database);
  // Newsletter sign-ups sign their confirmation links.
  useJwtSecret();
  beforeEach(() => truncate(database, TABLES));

  test('stores a contact form posted without JavaScript and redirects to its success page', async () => {
    const res = await postForm([
      ['form', 'contact_submit'],
      ['name', 'Amina'],
      ['email', 'amina@example.org'],
      ['type', 'media'],
      ['subject', 'Visit'],
      ['message', 'Can we visit?'],
      ['website', ''],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sent/contact/');
    expect(await rows(database, 'select name, email, subject, type, message from contacts')).toEqual([
      { name: 'Amina', email: 'amina@example.org', subject: 'Visit', type: 'media', message: 'Can we visit?' },
    ]);
  });

  test('stores a volunteer application with every chosen skill and the age as a number', async () => {
    const res = await postForm([
      ['form', 'volunteer_application'],
      ['name', 'Brian'],
      ['email', 'brian@example.org'],
      ['phone', '0700'],
      ['age', '24'],
      ['nationality', 'Kenyan'],
      ['availability', 'Flexible'],
      ['skills', 'Teaching'],
      ['skills', 'Coaching'],
      ['motivation', 'Give back'],
      ['opportunity', ''],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sent/volunteer/');
    const [row] = await rows<{ details: Record<string, unknown> }>(database, 'select details from volunteers');
    expect(row?.details).toMatchObject({ age: 24, skills: ['Teaching', 'Coaching'], form: 'volunteer_application' });
  });

  test('stores a donation with the typed amount and unticked boxes as false', async () => {
    const res = await postForm([
      ['form', 'donation_intent'],
      ['type', 'monthly'],
      ['cause', 'water'],
      ['amount', '50'],
      ['customAmount', '75'],
      ['paymentMethod', 'paypal'],
      ['name', 'Grace'],
      ['email', 'grace@example.org'],
      ['anonymous', 'on'],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/sent/donation/');
    expect(await rows(database, 'select donor_name, amount::float8 as amount from donations')).toEqual([
      { donor_name: null, amount: 75 },
    ]);
    const [event] = await rows<{ payload: Record<string, unknown> }>(database, 'select payload from events');
    expect(event?.payload).toMatchObject({ anonymous: true, newsletter: false, amount: 75 });
  });

  test('answers an invalid email with a 400 page listing the problem and a link back, storing nothing', async () => {
    const res = await postForm(
      [
        ['form', 'newsletter_subscribe'],
        ['email', 'reader@example'],
      ],
      { referer: 'http://localhost/about/' },
    );
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await res.text();
    expect(html).toContain('<li>Enter a valid email address</li>');
    expect(html).toContain('href="/about/"');
    expect(await count(database, 'events')).toBe(0);
    expect(await count(database, 'newsletter_subscribers')).toBe(0);
  });

  test('links back to the form page when the referrer is another site', async () => {
    const res = await postForm([['form', 'internship_application']], { referer: 'https://evil.example/x' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('href="/programs/hospital-internships/"');
  });

  test('redirects a filled honeypot to the success page and stores nothing', async () => {
    const res = await postForm([
      ['form', 'newsletter_subscribe'],
      ['email', 'bot@example.org'],
      ['website', 'http://spam.example'],
    ]);
    expect(res.status).toBe(303);
    expect(await count(database, 'events')).toBe(0);
  });

  test('stores a form sent twice with the same submission id once, and answers both as accepted', async () => {
    const id = randomUUID();
    const body = {
      type: 'contact_submit',
      payload: { name: 'Amina', email: 'amina@example.org', subject: 'Visit', message: 'Hello' },
      submissionId: id,
    };
    const answers = await Promise.all([postJson(body), postJson(body)]);
    expect(answers.map((res) => res.status)).toEqual([202, 202]);
    expect((await postJson(body)).status).toBe(202);
    const fromForm = await postForm([
      ['form', 'contact_submit'],
      ['name', 'Amina'],
      ['email', 'amina@example.org'],
      ['subject', 'Visit'],
      ['message', 'Hello'],
      ['submissionId', id],
    ]);
    expect(fromForm.status).toBe(303);
    expect(await count(database, 'contacts')).toBe(1);
    expect(await count(database, 'events')).toBe(1);
    expect((await postJson({ ...body, submissionId: randomUUID() })).status).toBe(202);
    expect(await count(database, 'contacts')).toBe(2);
  });

  test('answers 400 for a malformed submission id', async () => {
    const res = await postJson({
      type: 'newsletter_subscribe',
      payload: { email: 'reader@example.org' },
      submissionId: 'x; drop',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('submissionId');
  });
});
