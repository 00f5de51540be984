import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
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

/** A browser's own form post (JavaScript off); a body given as a string or bytes is sent as it is. */
function postForm(
  fields: [string, string][] | string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
  url = URL,
): Promise<Response> {
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: Array.isArray(fields)
      ? new URLSearchParams(fields).toString()
      : typeof fields === 'string'
        ? fields
        : new Blob([fields]),
  });
  return track(request, context(`203.0.113.${Math.floor(Math.random() * 250) + 1}`));
}

/** Every link of an HTML answer, resolved against the address it was answered from. */
function linkOrigins(html: string, base = URL): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map(([, href]) => new globalThis.URL(href ?? '', base).origin);
}

/** What the server wrote to its error log while `run` ran. */
async function errorLog(run: () => Promise<unknown>): Promise<string> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  try {
    await run();
    return spy.mock.calls.map((call) => call.map((part) => inspect(part, { depth: 5 })).join(' ')).join('\n');
  } finally {
    spy.mockRestore();
  }
}

/** The contact page as the build writes its form (markup as React renders it). */
const CONTACT_PAGE = `<!DOCTYPE html><html lang="en"><head><title>Contact | Tumaini</title></head><body>
<astro-island uid="c1" component-url="/_astro/ContactForm.js" props="{}" ssr client="visible">
<form class="form" action="/api/admin/track" method="post"><input type="hidden" name="form" value="contact_submit"/><div class="error-summary" role="alert" tabindex="-1"></div>
<div class="field"><label for="_n_">Your Name<!-- --> *</label><input id="_n_" required="" name="name"/></div>
<div class="field"><label for="_e_">Email Address<!-- --> *</label><input id="_e_" required="" type="email" name="email"/></div>
<div class="field"><label for="_t_">What is it about?</label><select id="_t_" name="type"><option value="general" selected="">General enquiry</option><option value="media">Media &amp; press</option></select></div>
<div class="field"><label for="_s_">Subject<!-- --> *</label><input id="_s_" required="" name="subject"/></div>
<div class="field"><label for="_m_">Your Message<!-- --> *</label><textarea id="_m_" name="message" required="" rows="6"></textarea></div>
<button type="submit" class="button">Send Message</button></form></astro-island></body></html>`;

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
    // The success page's payment link carries every choice (netlify/functions/form-choices.ts).
    expect(res.headers.get('location')).toBe('/api/sent/donation?amount=75&frequency=monthly&cause=water');
    expect(await rows(database, 'select donor_name, amount::float8 as amount from donations')).toEqual([
      { donor_name: null, amount: 75 },
    ]);
    const [event] = await rows<{ payload: Record<string, unknown> }>(database, 'select payload from events');
    expect(event?.payload).toMatchObject({ anonymous: true, newsletter: false, amount: 75 });
  });

  test('sends a sponsorship to a success page whose payment link carries the child, the type and the frequency', async () => {
    const res = await postForm([
      ['form', 'sponsorship_application'],
      ['childId', 'amani'],
      ['name', 'Esther'],
      ['email', 'esther@example.org'],
      ['sponsorshipType', 'partial'],
      ['paymentMethod', 'quarterly'],
    ]);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(
      '/api/sent/sponsorship?frequency=quarterly&child_id=amani&sponsorship_type=partial',
    );
  });

  test('answers an invalid email with a 400 page listing the problem in plain words and a link back, storing nothing', async () => {
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
    expect(html).toContain('<li>Enter an email address like name@example.com</li>');
    expect(html).not.toContain('Invalid payload');
    expect(html).toContain('href="http://localhost/about/"');
    expect(await count(database, 'events')).toBe(0);
    expect(await count(database, 'newsletter_subscribers')).toBe(0);
  });

  test('links back to the form page when the referrer is another site', async () => {
    const res = await postForm([['form', 'internship_application']], { referer: 'https://evil.example/x' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('href="http://localhost/programs/hospital-internships/"');
  });

  test.each([
    'http://localhost//evil.example/x',
    'http://localhost/\\evil.example/x',
    'http://localhost/%2F/evil.example',
  ])('never links off the site, whatever the referrer path (%s)', async (referer) => {
    const res = await postForm(
      [
        ['form', 'newsletter_subscribe'],
        ['email', 'reader@example'],
      ],
      { referer },
    );
    expect(res.status).toBe(400);
    const origins = linkOrigins(await res.text());
    expect(origins.length).toBeGreaterThan(0);
    expect(new Set(origins)).toEqual(new Set(['http://localhost']));
  });

  test.each([
    ['a NUL character', 'name=Amina%00&email=amina%40example.org'],
    ['an escaped lone surrogate', 'name=Amina%ED%A0%80&email=amina%40example.org'],
  ])('answers 400 with the form for %s and stores and logs nothing of it', async (_, fields) => {
    let res: Response | undefined;
    const log = await errorLog(async () => {
      res = await postForm(`form=contact_submit&${fields}&subject=Hi&message=Hello`);
    });
    expect(res?.status).toBe(400);
    const html = await res!.text();
    expect(html).toContain('Remove the � character');
    expect(log).not.toContain('amina@example.org');
    expect(await count(database, 'contacts')).toBe(0);
  });

  test('answers a form over 32 KB with a 413 page that says the limit, storing nothing', async () => {
    const res = await postForm([
      ['form', 'contact_submit'],
      ['name', 'Amina'],
      ['message', 'x'.repeat(33 * 1024)],
    ]);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('The form is larger than 32 KB.');
    expect(await count(database, 'contacts')).toBe(0);
  });

  test('answers 400 for bytes that are not UTF-8', async () => {
    const body = new Uint8Array([...new TextEncoder().encode('form=contact_submit&name=Amina'), 0xff, 0xfe]);
    const res = await postForm(body);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Remove the � character');
  });

  test('logs a database failure without anything the visitor sent', async () => {
    await rows(
      database,
      "alter table contacts add constraint refuse_one check (email <> 'quoted@example.org') not valid",
    );
    try {
      let res: Response | undefined;
      const log = await errorLog(async () => {
        res = await postForm([
          ['form', 'contact_submit'],
          ['name', 'Quoted Person'],
          ['email', 'quoted@example.org'],
          ['subject', 'Visit'],
          ['message', 'Can we visit?'],
        ]);
      });
      expect(res?.status).toBe(503);
      expect(log).toContain('track: database error');
      expect(log).not.toMatch(/quoted@example\.org|Quoted Person|Can we visit/);
    } finally {
      await rows(database, 'alter table contacts drop constraint refuse_one');
    }
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

describe.each(databases)('a refused plain form post on $name', (database) => {
  useDatabase(database);
  beforeEach(() => truncate(database, TABLES));
  let server: Server;
  let site = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url !== '/contact/') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(CONTACT_PAGE);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const contact: [string, string][] = [
    ['form', 'contact_submit'],
    ['name', 'Achieng Odhiambo'],
    ['email', 'achieng@example'],
    ['type', 'media'],
    ['subject', 'Reading club'],
    ['message', 'A Saturday <reading> club?'],
  ];

  test('comes back as the form page holding every value, the message beside the field, and a summary', async () => {
    const res = await postForm(contact, { referer: `${site}/contact/` }, `${site}/api/admin/track`);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).toContain('<title>Error: Contact | Tumaini</title>');
    expect(html).toContain('name="name" value="Achieng Odhiambo"');
    expect(html).toContain('name="email" value="achieng@example" aria-invalid="true" aria-describedby="_e_-error">');
    expect(html).toContain('<p class="field__error" id="_e_-error">Enter an email address like name@example.com</p>');
    expect(html).toContain('<option value="media" selected="">');
    expect(html).toContain('name="subject" value="Reading club"');
    expect(html).toContain('rows="6">A Saturday &#60;reading&#62; club?</textarea>');
    expect(html).toContain('<a href="#_e_">Email Address: Enter an email address like name@example.com</a>');
    expect(await count(database, 'contacts')).toBe(0);
  });

  test('once the field is fixed, the same form is stored once', async () => {
    const fixed = contact.map(([name, value]): [string, string] => [
      name,
      name === 'email' ? 'achieng@example.org' : value,
    ]);
    const res = await postForm(fixed, {}, `${site}/api/admin/track`);
    expect(res.status).toBe(303);
    expect(await rows(database, 'select email, message from contacts')).toEqual([
      { email: 'achieng@example.org', message: 'A Saturday <reading> club?' },
    ]);
  });
});
