import { describe, expect, test } from 'vitest';
import children from '../../netlify/functions/admin-children.ts';
import records, { consentsEnding } from '../../netlify/functions/admin-child-records.ts';
import seed from '../../src/content/children.json' with { type: 'json' };
import { CONSENT_FORM_VERSION, coveredOn, shownChild, type ConsentTerms } from '../../src/lib/consent.ts';
import { pdfText } from '../support/pdf-text.ts';
import { aYearAfter } from '../../src/schemas/children.ts';
import { call } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

type Json = Record<string, unknown>;

/** A matcher for text holding `part`. */
const containing = (part: string): unknown => expect.stringContaining(part);

const TABLES = [
  'children',
  'child_consents',
  'sponsorships',
  'events',
  'site_builds',
  'uploads',
  'admin_users',
  'admin_sessions',
];

/** A published child with every field the site needs, and its guardian's consent covering the text only. */
function newChild(overrides: Json = {}): Json {
  return {
    slug: 'imani',
    name: 'Imani Wairimu',
    age: 9,
    location: 'Kibera',
    school: 'Olympic Primary School',
    grade: 'Grade 4',
    story: 'Imani loves maths and helps her little brother with his homework every evening.',
    needs: 'School fees\nUniform',
    monthly_need: 5400,
    interests: 'Maths\nSinging',
    family: 'Imani lives with her mother and her brother.',
    achievements: 'Class prefect',
    dream_job: 'Pilot',
    status: 'published',
    guardian_name: 'Lucy Wairimu',
    guardian_relation: 'Mother',
    given_on: '2026-11-01',
    covers: 'profile',
    form_ref: 'CF-2026-100',
    ...overrides,
  };
}

describe('consent rules', () => {
  const consent: ConsentTerms = { covers: ['profile', 'school'], givenOn: '2026-01-01', validUntil: '2026-06-30' };
  const child = { id: 'a', image: 'photo', school: 'Hope School', location: 'Kibera' };

  test('shows the text with an illustration and the school when consent covers text and school', () => {
    expect(shownChild(child, consent, '2026-06-30', 'illustration')).toEqual({
      id: 'a',
      image: 'illustration',
      photo: false,
      school: 'Hope School',
    });
  });

  test('hides the child from the day after its consent ends, and before it was given', () => {
    expect(shownChild(child, consent, '2026-07-01', 'illustration')).toBeUndefined();
    expect(coveredOn(consent, '2025-12-31').size).toBe(0);
    expect(shownChild(child, null, '2026-03-01', 'illustration')).toBeUndefined();
  });

  test('a consent lasts a year by default', () => {
    expect(aYearAfter('2026-11-25')).toBe('2027-11-25');
  });
});

describe.each(databases)('children records on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, TABLES);

  const create = (body: Json) => call(children, 'POST', '/api/admin/children', { token: desk.token, json: body });
  const part = (id: string, name: string, method: string, body?: Json) =>
    call(records, method, `/api/admin/children/${id}/${name}`, {
      token: desk.token,
      params: { id, part: name },
      ...(body ? { json: body } : {}),
    });
  const one = async (id: string) =>
    (
      (await (
        await call(children, 'GET', `/api/admin/children/${id}`, { token: desk.token, params: { id } })
      ).json()) as Json
    )['child'] as Json;

  test('lists the seed file children, copied once with their consent', async () => {
    for (let i = 0; i < 2; i += 1) {
      const res = await call(children, 'GET', '/api/admin/children', { token: desk.token });
      expect(res.status).toBe(200);
      const list = ((await res.json()) as Json)['children'] as Json[];
      expect(list.map((c) => c['slug']).sort()).toEqual(seed.map((c) => c.id).sort());
    }
    expect(await rows(database, 'select count(*)::int as n from child_consents')).toEqual([{ n: seed.length }]);
    expect(await rows(database, `select count(*)::int as n from children where file_copy`)).toEqual([
      { n: seed.length },
    ]);
  });

  test('adds a child with consent in one step, audited, and asks for a rebuild', async () => {
    const res = await create(newChild());
    expect(res.status).toBe(201);
    const child = ((await res.json()) as Json)['child'] as Json;
    expect(child).toMatchObject({
      slug: 'imani',
      needs: ['School fees', 'Uniform'],
      sponsorship_state: 'waiting',
      consent: {
        covers: ['profile'],
        given_on: '2026-11-01',
        valid_until: '2027-11-01',
        guardian_name: 'Lucy Wairimu',
      },
    });
    const history = (await (await part(String(child['id']), 'history', 'GET')).json()) as Json;
    expect(history['trail']).toMatchObject([
      { type: 'admin.children.create', actor: 'officer', change: containing('covering profile') },
    ]);
    // The guardian's name stays in the consent record, never in the audit trail.
    expect(JSON.stringify(await rows(database, 'select payload from events'))).not.toContain('Lucy');
    expect(await rows(database, `select count(*)::int as n from site_builds where event = 'requested'`)).toEqual([
      { n: 1 },
    ]);
  });

  test.each([
    ['a child without a guardian name', { guardian_name: ' ' }, 'guardian_name', 'Guardian name is required'],
    ['consent dates in the wrong order', { valid_until: '2026-10-01' }, 'valid_until', 'on or after'],
    ['an image not from Media', { image: 'https://example.org/child.jpg' }, 'image', 'from Media'],
    ['consent without the profile', { covers: 'photo' }, 'covers', 'profile text'],
  ])('refuses %s with a clear error and saves nothing', async (_, change, path, message) => {
    const res = await create(newChild(change));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string; message: string }[] };
    expect(body.issues).toContainEqual({ path, message: containing(message) });
    expect(await rows(database, 'select count(*)::int as n from children')).toEqual([{ n: 0 }]);
    expect(await rows(database, 'select count(*)::int as n from child_consents')).toEqual([{ n: 0 }]);
  });

  test('refuses a published photo that is not in Media, and a duplicate child id', async () => {
    const missing = await create(newChild({ image: '/media/99/ghost.jpg', alt: 'A child' }));
    expect(missing.status).toBe(400);
    expect(await create(newChild())).toHaveProperty('status', 201);
    const twin = await create(newChild({ name: 'Another Imani' }));
    expect(twin.status).toBe(409);
    expect(((await twin.json()) as { issues: unknown[] }).issues).toEqual([
      { path: 'slug', message: 'Another child already has the id "imani"; choose another' },
    ]);
    expect(await rows(database, 'select count(*)::int as n from children')).toEqual([{ n: 1 }]);
    expect(await rows(database, 'select count(*)::int as n from child_consents')).toEqual([{ n: 1 }]);
  });

  test.each([
    ['without a guardian name', { guardian_name: '' }, 'guardian_name', 'Guardian name is required'],
    ['with its dates in the wrong order', { valid_until: '2026-11-19' }, 'valid_until', 'on or after'],
  ])(
    'refuses a renewed consent %s, keeping the current one and the trail as they were',
    async (_, change, path, message) => {
      const id = String((((await (await create(newChild())).json()) as Json)['child'] as Json)['id']);
      const before = (await (await part(id, 'history', 'GET')).json()) as { trail: Json[] };
      const renewal = {
        guardian_name: 'Lucy Wairimu',
        guardian_relation: 'Mother',
        given_on: '2026-11-20',
        covers: ['profile', 'photo'],
        form_ref: 'CF-2026-121',
        ...change,
      };
      const res = await part(id, 'consents', 'POST', renewal);
      expect(res.status).toBe(400);
      const body = (await res.json()) as { issues: { path: string; message: string }[] };
      expect(body.issues).toContainEqual({ path, message: containing(message) });
      expect((await one(id))['consent']).toMatchObject({ covers: ['profile'], form_ref: 'CF-2026-100' });
      expect(await rows(database, 'select count(*)::int as n from child_consents')).toEqual([{ n: 1 }]);
      const after = (await (await part(id, 'history', 'GET')).json()) as { trail: Json[] };
      expect(after.trail).toHaveLength(before.trail.length);
    },
  );

  test('records what an edit changed', async () => {
    const created = ((await (await create(newChild())).json()) as Json)['child'] as Json;
    const id = String(created['id']);
    const profile = newChild({ story: 'Imani now reads to her class.', school: '' });
    const res = await call(children, 'PUT', `/api/admin/children/${id}`, {
      token: desk.token,
      params: { id },
      json: profile,
    });
    expect(res.status).toBe(200);
    const history = (await (await part(id, 'history', 'GET')).json()) as { trail: Json[] };
    expect(history.trail[0]).toMatchObject({ change: 'edited: school, story' });
  });

  test('marks the first four waiting children, the ones Home and /sponsor show, in the order staff set', async () => {
    const listed = async () =>
      (
        (await (await call(children, 'GET', '/api/admin/children', { token: desk.token })).json()) as {
          children: Json[];
        }
      ).children;
    const marked = async () =>
      (await listed())
        .filter((child) => child['first_shown'] === true)
        .map((child) => child['slug'])
        .sort();
    expect(await marked()).toEqual(['achieng', 'amani', 'baraka', 'wanjiku']);

    // Sponsoring one of them offers the next waiting child in its place.
    const amani = (await listed()).find((child) => child['slug'] === 'amani');
    const sponsorship = { sponsor_name: 'Peter Hall', sponsor_email: 'peter@example.org', amount: 5400 };
    expect((await part(String(amani?.['id']), 'sponsorship', 'POST', sponsorship)).status).toBe(201);
    expect(await marked()).toEqual(['achieng', 'baraka', 'kibet', 'wanjiku']);

    // A child without consent in force is never among them; moving a child up the order brings them in.
    const wanjiku = (await listed()).find((child) => child['slug'] === 'wanjiku');
    expect((await part(String(wanjiku?.['id']), 'consent-withdrawal', 'POST', { note: 'By phone' })).status).toBe(200);
    expect(await marked()).toEqual(['achieng', 'baraka', 'kibet', 'zawadi']);
    await rows(database, `update children set position = -1 where slug = 'neema'`);
    expect(await marked()).toEqual(['achieng', 'baraka', 'kibet', 'neema']);
  });

  test('withdrawing consent takes it away and keeps the record of it', async () => {
    const id = String((((await (await create(newChild())).json()) as Json)['child'] as Json)['id']);
    expect((await part(id, 'consent-withdrawal', 'POST', { note: 'Mother asked by phone' })).status).toBe(200);
    expect((await one(id))['consent']).toBeNull();
    const history = (await (await part(id, 'history', 'GET')).json()) as { consents: Json[]; trail: Json[] };
    expect(history.consents).toMatchObject([
      { guardian_name: 'Lucy Wairimu', withdrawn_by: 'officer', withdrawal_note: 'Mother asked by phone' },
    ]);
    expect(history.trail[0]).toMatchObject({ change: containing('consent withdrawn') });
    expect((await part(id, 'consent-withdrawal', 'POST', {})).status).toBe(409);
    // A new consent (a renewal) brings the child back, photo included.
    const renewed = await part(id, 'consents', 'POST', {
      guardian_name: 'Lucy Wairimu',
      guardian_relation: 'Mother',
      given_on: '2026-11-20',
      covers: ['profile', 'photo'],
      form_ref: 'CF-2026-120',
    });
    expect(renewed.status).toBe(201);
    expect((await one(id))['consent']).toMatchObject({ covers: ['profile', 'photo'], valid_until: '2027-11-20' });
  });

  test('staff print the consent form in both languages, and a consent recorded from it keeps its wording version', async () => {
    const id = String((((await (await create(newChild())).json()) as Json)['child'] as Json)['id']);
    const form = await part(id, 'consent-form', 'GET');
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(new Uint8Array(await form.arrayBuffer()));
    expect(text).toContain('Ridhaa ya mzazi au mlezi / Parent or guardian consent');
    expect(text).toContain(`Toleo la maneno ${CONSENT_FORM_VERSION}`);
    expect((await part('999999', 'consent-form', 'GET')).status).toBe(404);
    expect((await part(id, 'consent-form', 'POST', {})).status).toBe(405);

    const renewed = await part(id, 'consents', 'POST', {
      guardian_name: 'Lucy Wairimu',
      guardian_relation: 'Mother',
      given_on: '2026-11-28',
      covers: ['profile'],
      form_ref: 'CF-2026-128',
    });
    expect(renewed.status).toBe(201);
    const history = (await (await part(id, 'history', 'GET')).json()) as { consents: Json[] };
    expect(history.consents[0]).toMatchObject({ form_ref: 'CF-2026-128', wording_version: CONSENT_FORM_VERSION });
  });

  test('a sponsorship recorded by staff makes the child sponsored until it ends', async () => {
    const id = String((((await (await create(newChild())).json()) as Json)['child'] as Json)['id']);
    const sponsorship = { sponsor_name: 'Peter Hall', sponsor_email: 'peter@example.org', amount: 5400 };
    expect((await part(id, 'sponsorship', 'POST', sponsorship)).status).toBe(201);
    expect((await one(id))['sponsorship_state']).toBe('sponsored');
    expect((await part(id, 'sponsorship', 'POST', sponsorship)).status).toBe(409);
    // Its commitment is paid by hand, from next month on.
    expect(await rows(database, `select method, state, sponsorship_id is not null as linked from commitments`)).toEqual(
      [{ method: 'other', state: 'active', linked: true }],
    );
    expect((await part(id, 'sponsorship-end', 'POST', {})).status).toBe(200);
    expect((await one(id))['sponsorship_state']).toBe('waiting');
    expect(await rows(database, `select state from commitments`)).toEqual([{ state: 'ended' }]);
    expect((await part(id, 'sponsorship', 'POST', sponsorship)).status).toBe(201);
    expect((await part(id, 'sponsorship-end', 'POST', { left: true })).status).toBe(200);
    expect((await one(id))['sponsorship_state']).toBe('left');
    const history = (await (await part(id, 'history', 'GET')).json()) as { sponsorships: Json[] };
    expect(history.sponsorships).toHaveLength(2);
    expect(history.sponsorships[0]).toMatchObject({
      state: 'ended',
      amount_subunits: 540000,
      created_by: 'staff:officer',
    });
  });

  test('lists consents ending within 30 days of the given day', async () => {
    for (const [slug, until] of [
      ['in-ten-days', '2026-12-05'],
      ['in-forty-days', '2027-01-04'],
      ['ended-yesterday', '2026-11-24'],
    ]) {
      expect((await create(newChild({ slug, given_on: '2026-01-01', valid_until: until }))).status).toBe(201);
    }
    const ending = await consentsEnding('2026-11-25');
    expect(ending).toMatchObject([{ slug: 'in-ten-days', days_left: 10, valid_until: '2026-12-05' }]);
  });
});
