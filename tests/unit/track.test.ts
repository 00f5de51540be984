import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import track from '../../netlify/functions/track.ts';
import { hashAddress } from '../../netlify/functions/_shared/platform/client.ts';
import { trackRateLimit } from '../../netlify/functions/_shared/platform/rate-limit.ts';
import type { TrackRequestInput } from '../../src/schemas/track.ts';
import { context, databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { useJwtSecret } from '../support/admin.ts';

const TRACK_RATE_LIMIT = trackRateLimit();

const URL = 'http://localhost/api/admin/track';
const TABLES = ['events', 'contacts', 'newsletter_subscribers', 'volunteers', 'donations', 'rate_limits'];

function post(body: unknown, options: { ip?: string; contentType?: string; raw?: string } = {}): Promise<Response> {
  const request = new Request(URL, {
    method: 'POST',
    headers: { 'content-type': options.contentType ?? 'application/json' },
    body: options.raw ?? JSON.stringify(body),
  });
  return track(request, context(options.ip ?? `198.51.100.${Math.floor(Math.random() * 250) + 1}`));
}

const now = new Date().toISOString();
const samples = {
  newsletter_subscribe: { type: 'newsletter_subscribe', payload: { email: '  Reader@Example.org ' } },
  contact_submit: {
    type: 'contact_submit',
    payload: { name: 'Amina', email: 'amina@example.org', subject: 'Visit', message: 'Can we visit?', type: '' },
  },
  volunteer_application: {
    type: 'volunteer_application',
    payload: {
      name: 'Brian',
      email: 'brian@example.org',
      phone: '+254700000000',
      age: '24',
      nationality: 'Kenyan',
      skills: ['Teaching'],
      availability: 'Weekends',
      motivation: 'Give back',
      experience: '',
    },
  },
  school_volunteer_application: {
    type: 'school_volunteer_application',
    payload: {
      name: 'Chebet',
      email: 'chebet@example.org',
      phone: '0711',
      subjects: ['Mathematics'],
      school: 'Kibera Primary',
    },
  },
  internship_application: {
    type: 'internship_application',
    payload: {
      name: 'Dan',
      email: 'dan@example.org',
      phone: '0722',
      university: 'University of Nairobi',
      yearOfStudy: '4th Year',
      medicalField: 'Paediatrics',
      duration: '3 months',
    },
  },
  sponsorship_application: {
    type: 'sponsorship_application',
    payload: {
      name: 'Esther',
      email: 'esther@example.org',
      sponsorshipType: 'full',
      paymentMethod: 'monthly',
      childId: '3',
      timestamp: now,
    },
  },
  donation_intent: {
    type: 'donation_intent',
    payload: {
      amount: '50',
      type: 'one-time',
      cause: 'education',
      paymentMethod: 'card',
      name: 'Faith',
      email: 'faith@example.org',
      anonymous: false,
      newsletter: true,
      timestamp: now,
    },
  },
} satisfies Record<string, TrackRequestInput>;

async function count(database: (typeof databases)[number], table: string): Promise<number> {
  const [row] = await rows<{ n: number }>(database, `select count(*)::int as n from ${table}`);
  return row?.n ?? -1;
}

describe.each(databases)('POST /api/admin/track on $name', (database) => {
  useDatabase(database);
  // Newsletter sign-ups sign their confirmation links.
  useJwtSecret();
  beforeEach(() => truncate(database, TABLES));

  test('stores a newsletter subscription as an event and one pending subscriber per email', async () => {
    expect((await post(samples.newsletter_subscribe)).status).toBe(202);
    const again = { type: 'newsletter_subscribe', payload: { email: 'READER@example.org', name: 'Reader' } };
    const res = await post(again);
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    // The second sign-up within the hour changes nothing: only the confirmation link does.
    expect(await rows(database, 'select email, name, status from newsletter_subscribers')).toEqual([
      { email: 'Reader@Example.org', name: null, status: 'pending' },
    ]);
    expect(await count(database, 'events')).toBe(2);
  });

  test('a gift whose news box was not ticked subscribes no one (Data Protection Act 2019 s.32)', async () => {
    const { newsletter: _ticked, ...unticked } = samples.donation_intent.payload;
    expect((await post({ type: 'donation_intent', payload: unticked })).status).toBe(202);
    expect((await post({ type: 'donation_intent', payload: { ...unticked, newsletter: false } })).status).toBe(202);
    expect(await count(database, 'donations')).toBe(2);
    expect(await count(database, 'newsletter_subscribers')).toBe(0);
    const events = await rows<{ payload: Record<string, unknown> }>(database, 'select payload from events');
    expect(events.map((event) => event.payload['newsletter'])).toEqual([false, false]);
    // Ticked, it asks for the newsletter (a pending subscriber until the emailed link is followed).
    expect((await post(samples.donation_intent)).status).toBe(202);
    expect(await rows(database, 'select email, status from newsletter_subscribers')).toEqual([
      { email: 'faith@example.org', status: 'pending' },
    ]);
  });

  test('stores a contact message with type general when left blank', async () => {
    expect((await post(samples.contact_submit)).status).toBe(202);
    expect(await rows(database, 'select name, email, subject, type, message from contacts')).toEqual([
      { name: 'Amina', email: 'amina@example.org', subject: 'Visit', type: 'general', message: 'Can we visit?' },
    ]);
    const [event] = await rows<{ type: string; payload: unknown }>(database, 'select type, payload from events');
    expect(event).toEqual({ type: 'contact_submit', payload: { ...samples.contact_submit.payload, type: 'general' } });
  });

  test.each([
    ['volunteer_application', 'Brian', { age: 24, phone: '+254700000000', skills: ['Teaching'] }],
    ['school_volunteer_application', 'Chebet', { subjects: ['Mathematics'], school: 'Kibera Primary' }],
    ['internship_application', 'Dan', { university: 'University of Nairobi', duration: '3 months' }],
  ] as const)('stores a %s as a volunteer with the form named in details', async (type, name, details) => {
    expect((await post(samples[type])).status).toBe(202);
    const [volunteer] = await rows<{ name: string; details: Record<string, unknown> }>(
      database,
      'select name, details from volunteers',
    );
    expect(volunteer?.name).toBe(name);
    expect(volunteer?.details).toMatchObject({ ...details, form: type });
    expect(volunteer?.details).not.toHaveProperty('email');
    expect(volunteer?.details).not.toHaveProperty('experience');
    expect(await count(database, 'events')).toBe(1);
  });

  test('stores a sponsorship application as an event and a new application in the queue', async () => {
    expect((await post(samples.sponsorship_application)).status).toBe(202);
    expect(await rows(database, `select payload->>'childId' as child from events`)).toEqual([{ child: '3' }]);
    expect(
      await rows(database, `select details->>'form' as form, details->>'childId' as child, state from volunteers`),
    ).toEqual([{ form: 'sponsorship_application', child: '3', state: 'new' }]);
  });

  test('stores a donation intent as a donation in USD, without the name when anonymous', async () => {
    expect((await post(samples.donation_intent)).status).toBe(202);
    const anonymous = {
      ...samples.donation_intent,
      payload: { ...samples.donation_intent.payload, amount: 7.5, anonymous: true },
    };
    expect((await post(anonymous)).status).toBe(202);
    expect(
      await rows(database, 'select donor_name, amount::float8 as amount, currency from donations order by id'),
    ).toEqual([
      { donor_name: 'Faith', amount: 50, currency: 'USD' },
      { donor_name: null, amount: 7.5, currency: 'USD' },
    ]);
  });

  test('answers 202 and stores nothing when the honeypot is filled', async () => {
    const res = await post({ ...samples.contact_submit, website: 'http://spam.example' });
    expect(res.status).toBe(202);
    for (const table of TABLES) expect(await count(database, table)).toBe(0);
  });

  test('answers 400 for malformed JSON', async () => {
    const res = await post(undefined, { raw: '{"type":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Request body is not valid JSON' });
  });

  test('answers 400 naming the type when it is unknown', async () => {
    const res = await post({ type: 'free_money', payload: {} });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toEqual(['type']);
  });

  test('answers 400 listing every invalid field of the payload', async () => {
    const res = await post({ type: 'volunteer_application', payload: { name: ' ', email: 'nope', age: 16 } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.error).toBe('Invalid payload');
    expect(body.issues.map((issue) => issue.path)).toEqual(
      expect.arrayContaining(['payload.name', 'payload.email', 'payload.age', 'payload.phone', 'payload.motivation']),
    );
    expect(await count(database, 'events')).toBe(0);
  });

  test('answers 400 when the body is not an object', async () => {
    expect((await post([1, 2])).status).toBe(400);
    expect((await post(null)).status).toBe(400);
  });

  test('answers 405 with Allow for other methods', async () => {
    const res = await track(new Request(URL, { method: 'GET' }), context());
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  test('answers 413 for a body over 32 KB', async () => {
    const big = {
      type: 'contact_submit',
      payload: { ...samples.contact_submit.payload, message: 'x'.repeat(33 * 1024) },
    };
    expect((await post(big)).status).toBe(413);
    expect(await count(database, 'events')).toBe(0);
  });

  test('answers 415 for a body that is neither JSON nor a form', async () => {
    const res = await post(undefined, { contentType: 'text/plain', raw: 'type=contact_submit' });
    expect(res.status).toBe(415);
  });

  test('answers 429 with Retry-After once a client exceeds the limit, and not for others', async () => {
    expect(TRACK_RATE_LIMIT).toEqual({ limit: 30, windowSeconds: 60 });
    // Windows are fixed minutes of the database clock: start well inside one, or a new minute would restart the count.
    const [clock] = await rows<{ left: number }>(
      database,
      'select $1::int - mod(extract(epoch from now())::numeric, $1::int)::float8 as left',
      [TRACK_RATE_LIMIT.windowSeconds],
    );
    if (clock && clock.left < 15) await new Promise((resume) => setTimeout(resume, clock.left * 1000 + 100));
    const ip = '192.0.2.55';
    for (let i = 0; i < TRACK_RATE_LIMIT.limit; i++)
      expect((await post(samples.newsletter_subscribe, { ip })).status).toBe(202);
    const res = await post(samples.newsletter_subscribe, { ip });
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(TRACK_RATE_LIMIT.windowSeconds);
    expect((await post(samples.newsletter_subscribe, { ip: '192.0.2.56' })).status).toBe(202);
  });

  test('keeps only a keyed hash of the client address', async () => {
    await post(samples.newsletter_subscribe, { ip: '192.0.2.77' });
    const keys = await rows<{ key: string }>(database, 'select key from rate_limits order by key');
    // The client's count, and the count of confirmation emails to the mailbox: each under a keyed hash only.
    expect(keys).toEqual([
      { key: `newsletter-confirm:${hashAddress('reader@example.org')}` },
      { key: `track:${hashAddress('192.0.2.77')}` },
    ]);
    expect(JSON.stringify(await rows(database, 'select * from events'))).not.toContain('192.0.2.77');
  });

  test('leaves nothing half-written when a write fails mid-way', async () => {
    const marker = `fail-${randomUUID()}`;
    await rows(
      database,
      `create or replace function fail_contact() returns trigger language plpgsql as $$
       begin if new.subject = '${marker}' then raise exception 'injected failure'; end if; return new; end $$`,
    );
    await rows(
      database,
      'create trigger fail_contact before insert on contacts for each row execute function fail_contact()',
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await post({
        ...samples.contact_submit,
        payload: { ...samples.contact_submit.payload, subject: marker },
      });
      expect(res.status).toBe(503);
      expect(logged).toHaveBeenCalledOnce();
      expect(await count(database, 'events')).toBe(0);
      expect(await count(database, 'contacts')).toBe(0);
    } finally {
      logged.mockRestore();
      await rows(database, 'drop trigger fail_contact on contacts');
      await rows(database, 'drop function fail_contact()');
    }
  });

  test('stores 200 concurrent submissions, every one, with no error', async () => {
    const types = Object.keys(samples) as (keyof typeof samples)[];
    const requests = Array.from({ length: 200 }, (_, i) => {
      const sample = samples[types[i % types.length]!];
      const payload = { ...sample.payload, email: `person${i}@example.org` };
      return post({ ...sample, payload }, { ip: `10.0.${Math.floor(i / 20)}.${i % 20}` });
    });
    const statuses = (await Promise.all(requests)).map((res) => res.status);
    expect(statuses.filter((status) => status !== 202)).toEqual([]);
    expect(await count(database, 'events')).toBe(200);
    const per = (type: string) =>
      Array.from({ length: 200 }, (_, i) => types[i % types.length]).filter((t) => t === type).length;
    // Each donor ticked "Send me news" (the default) too.
    expect(await count(database, 'newsletter_subscribers')).toBe(per('newsletter_subscribe') + per('donation_intent'));
    expect(await count(database, 'contacts')).toBe(per('contact_submit'));
    expect(await count(database, 'donations')).toBe(per('donation_intent'));
    expect(await count(database, 'volunteers')).toBe(
      per('volunteer_application') +
        per('school_volunteer_application') +
        per('internship_application') +
        per('sponsorship_application'),
    );
  });
});
