import shippedEvents from '../../src/content/events.json' with { type: 'json' };
import { describe, expect, test } from 'vitest';
import blog from '../../netlify/functions/admin-blog.ts';
import contacts from '../../netlify/functions/admin-contacts.ts';
import donations from '../../netlify/functions/admin-donations.ts';
import events, { config as eventsConfig } from '../../netlify/functions/admin-events.ts';
import media from '../../netlify/functions/admin-media.ts';
import newsletter from '../../netlify/functions/admin-newsletter.ts';
import programs from '../../netlify/functions/admin-programs.ts';
import stats from '../../netlify/functions/admin-stats.ts';
import volunteers from '../../netlify/functions/admin-volunteers.ts';
import { ADMIN_TABLES, auditEvents, call, paramsFor, type Handler } from '../support/admin.ts';
import { databases, rows, useDatabase } from '../support/databases.ts';
import { useStaffDesk } from '../support/staff-desk.ts';

type Json = Record<string, unknown>;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/;
/** Matchers for a stored id and timestamp, as the API writes them. */
const anyId: unknown = expect.stringMatching(/^\d+$/);
const anyTs: unknown = expect.stringMatching(ISO);

/** The three editable resources, with a valid body, a changed one and where answers wrap a record. */
const editable: { resource: string; handler: Handler; single: string; body: Json; changed: Json; slug: boolean }[] = [
  {
    resource: 'programs',
    handler: programs,
    single: 'program',
    body: {
      title: 'Mobile clinics',
      slug: 'mobile-clinics',
      summary: 'Care on wheels',
      content: 'Long text',
      image: '/media/1/van.png',
    },
    changed: { title: 'Mobile clinics 2', slug: 'mobile-clinics-2', summary: '', content: 'New', image: '' },
    slug: true,
  },
  {
    resource: 'blog',
    handler: blog,
    single: 'post',
    body: {
      title: 'A day at school',
      slug: 'a-day-at-school',
      excerpt: 'Short',
      content: 'Body',
      cover: '/media/1/c.jpg',
    },
    changed: { title: 'A day at school!', slug: 'a-day-at-school', excerpt: '', content: 'Body 2', cover: '' },
    slug: true,
  },
  {
    resource: 'media',
    handler: media,
    single: 'media',
    body: { name: 'Van', url: '/media/1/van.png', meta: { alt: 'A clinic van', tags: ['health'] } },
    changed: { name: 'Van (new)', url: '/media/2/van.png', meta: {} },
    slug: false,
  },
];

describe.each(databases)('admin resources on $name', (database) => {
  useDatabase(database);
  const desk = useStaffDesk(database, ADMIN_TABLES, 'staff');

  describe.each(editable)('/api/admin/$resource', ({ resource, handler, single, body, changed, slug }) => {
    const path = `/api/admin/${resource}`;

    test('creates, reads, lists, updates and deletes a record, auditing each write', async () => {
      const created = await call(handler, 'POST', path, { token: desk.token, json: body });
      expect(created.status).toBe(201);
      expect(created.headers.get('cache-control')).toBe('no-store');
      expect(created.headers.get('access-control-allow-origin')).toBeNull();
      const record = ((await created.json()) as Json)[single] as Json;
      // Programs and posts add their publishing state, media entries their file's details.
      expect(record).toMatchObject({ id: anyId, ts: anyTs, ...body });
      const id = record['id'] as string;

      const read = await call(handler, 'GET', `${path}/${id}`, { token: desk.token });
      expect(read.status).toBe(200);
      expect(await read.json()).toEqual({ [single]: record });

      const list = await call(handler, 'GET', path, { token: desk.token });
      expect(await list.json()).toEqual({ [resource]: [record], nextCursor: null, eventsThrough: anyId });

      const updated = await call(handler, 'PUT', `${path}/${id}`, { token: desk.token, json: changed });
      expect(updated.status).toBe(200);
      expect(((await updated.json()) as Json)[single]).toMatchObject({ id, ts: record['ts'], ...changed });

      const deleted = await call(handler, 'DELETE', `${path}/${id}`, { token: desk.token });
      expect(deleted.status).toBe(204);
      expect(await deleted.text()).toBe('');
      expect((await call(handler, 'GET', `${path}/${id}`, { token: desk.token })).status).toBe(404);

      const audit = await auditEvents();
      expect(audit.map((event) => event.type)).toEqual([
        `admin.${resource}.create`,
        `admin.${resource}.update`,
        `admin.${resource}.delete`,
      ]);
      expect(audit.every((event) => event.payload['actor'] === 'staff' && event.payload['id'] === id)).toBe(true);
    });

    test('answers 400 listing the problems of an invalid body, storing nothing', async () => {
      const res = await call(handler, 'POST', path, {
        token: desk.token,
        json: { ...body, ...(slug ? { title: '', slug: 'Not A Slug' } : { name: '', meta: [1] }) },
      });
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
      expect(answer.issues.map((issue) => issue.path).sort()).toEqual(slug ? ['slug', 'title'] : ['meta', 'name']);
      for (const bad of [[], 'text', null])
        expect((await call(handler, 'POST', path, { token: desk.token, json: bad })).status).toBe(400);
      const notJson = await call(handler, 'POST', path, {
        token: desk.token,
        body: '{',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(notJson.status).toBe(400);
      expect(
        (await call(handler, 'POST', path, { token: desk.token, body: 'x', headers: { 'Content-Type': 'text/plain' } }))
          .status,
      ).toBe(415);
      const deep = `{"meta":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      expect(
        (
          await call(handler, 'POST', path, {
            token: desk.token,
            body: deep,
            headers: { 'Content-Type': 'application/json' },
          })
        ).status,
      ).toBe(400);
      const tooBig = JSON.stringify({ ...body, content: 'x'.repeat(600 * 1024) });
      expect(
        (
          await call(handler, 'POST', path, {
            token: desk.token,
            body: tooBig,
            headers: { 'Content-Type': 'application/json' },
          })
        ).status,
      ).toBe(413);
      expect(await auditEvents()).toEqual([]);
    });

    test('answers 404 for an unknown id and 400 for a malformed one', async () => {
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const unknown = await call(handler, method, `${path}/999999`, {
          token: desk.token,
          ...(method === 'PUT' ? { json: body } : {}),
        });
        expect(unknown.status).toBe(404);
        // `%E0` and `%zz` are malformed percent-encodings: the platform passes them on as written.
        for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '1e3', '%E0', '%zz']) {
          const malformed = await call(handler, method, `${path}/${id}`, {
            token: desk.token,
            ...(method === 'PUT' ? { json: body } : {}),
          });
          expect(malformed.status).toBe(400);
          expect(((await malformed.json()) as { issues: { path: string }[] }).issues[0]?.path).toBe('id');
        }
      }
    });

    test('answers 405 with Allow for methods a path does not take', async () => {
      const collection = await call(handler, 'DELETE', path, { token: desk.token });
      expect(collection.status).toBe(405);
      expect(collection.headers.get('allow')).toBe('GET, POST');
      const item = await call(handler, 'POST', `${path}/1`, { token: desk.token });
      expect(item.status).toBe(405);
      expect(item.headers.get('allow')).toBe('GET, PUT, DELETE');
    });

    if (slug) {
      test('answers 409 naming the slug when another record has it', async () => {
        expect((await call(handler, 'POST', path, { token: desk.token, json: body })).status).toBe(201);
        const duplicate = await call(handler, 'POST', path, { token: desk.token, json: { ...body, title: 'Other' } });
        expect(duplicate.status).toBe(409);
        const answer = (await duplicate.json()) as { error: string; issues: { path: string }[] };
        expect(answer.issues.map((issue) => issue.path)).toEqual(['slug']);

        const other = await call(handler, 'POST', path, { token: desk.token, json: { ...body, slug: 'other-slug' } });
        const id = (((await other.json()) as Json)[single] as Json)['id'] as string;
        const clash = await call(handler, 'PUT', `${path}/${id}`, { token: desk.token, json: body });
        expect(clash.status).toBe(409);
      });
    }
  });

  describe('lists', () => {
    test('wrap rows in the resource name, newest first, with a cursor for the next page', async () => {
      await rows(
        database,
        `insert into programs (title, slug) select 'P' || n, 'p-' || n from generate_series(1, 7) n`,
      );
      const first = (await (
        await call(programs, 'GET', '/api/admin/programs?limit=3', { token: desk.token })
      ).json()) as {
        programs: Json[];
        nextCursor: string | null;
      };
      expect(first.programs.map((row) => row['title'])).toEqual(['P7', 'P6', 'P5']);
      expect(first.nextCursor).toBe(first.programs[2]?.['id']);
      const second = (await (
        await call(programs, 'GET', `/api/admin/programs?limit=3&cursor=${first.nextCursor}`, { token: desk.token })
      ).json()) as { programs: Json[]; nextCursor: string | null };
      expect(second.programs.map((row) => row['title'])).toEqual(['P4', 'P3', 'P2']);
      const last = (await (
        await call(programs, 'GET', `/api/admin/programs?limit=3&cursor=${second.nextCursor}`, { token: desk.token })
      ).json()) as { programs: Json[]; nextCursor: string | null };
      expect(last).toEqual({
        programs: [expect.objectContaining({ title: 'P1' })],
        nextCursor: null,
        eventsThrough: anyId,
      });
    });

    test('name the newest event stored before their rows were read, for the live stream to catch up from', async () => {
      const listed = async () =>
        (
          (await (await call(programs, 'GET', '/api/admin/programs', { token: desk.token })).json()) as {
            eventsThrough: string;
          }
        ).eventsThrough;
      const [{ id: before } = { id: '' }] = await rows<{ id: string }>(
        database,
        `insert into events (type) values ('contact_submit') returning id::text as id`,
      );
      expect(await listed()).toBe(before);
      const created = await call(programs, 'POST', '/api/admin/programs', {
        token: desk.token,
        json: { title: 'T', slug: 't' },
      });
      expect(created.status).toBe(201);
      // The create's own audit event is newer than the first one, and the next answer names it.
      const [{ id: audited } = { id: '' }] = await rows<{ id: string }>(
        database,
        `select max(id)::text as id from events`,
      );
      expect(BigInt(audited)).toBeGreaterThan(BigInt(before));
      expect(await listed()).toBe(audited);
    });

    test('default to 100 rows and allow at most 500', async () => {
      await rows(database, `insert into events (type) select 'e' || n from generate_series(1, 501) n`);
      const page = (await (await call(events, 'GET', '/api/admin/events', { token: desk.token })).json()) as {
        events: Json[];
      };
      expect(page.events).toHaveLength(100);
      expect(page.events.slice(0, 3).map((row) => row['type'])).toEqual(['e501', 'e500', 'e499']);
      const max = (await (await call(events, 'GET', '/api/admin/events?limit=500', { token: desk.token })).json()) as {
        events: Json[];
        nextCursor: string;
      };
      expect(max.events).toHaveLength(500);
      expect(max.nextCursor).toBe(max.events[499]?.['id']);
      expect(max.events[499]?.['type']).toBe('e2');
    });

    test('answer 400 for a bad limit or cursor', async () => {
      for (const query of ['limit=0', 'limit=501', 'limit=abc', 'limit=2.5', 'cursor=abc', 'cursor=-4']) {
        const res = await call(events, 'GET', `/api/admin/events?${query}`, { token: desk.token });
        expect(res.status, query).toBe(400);
      }
    });

    test('give each resource the row shape of docs/api.md', async () => {
      await rows(database, `insert into events (type, payload) values ('contact_submit', '{"email":"a@b.org"}')`);
      await rows(
        database,
        `insert into contacts (name, email, subject, type, message) values ('Ann', 'a@b.org', 'Hi', 'general', 'Hello')`,
      );
      await rows(database, `insert into newsletter_subscribers (email, name) values ('n@b.org', null)`);
      await rows(
        database,
        `insert into volunteers (name, email, details) values ('Vic', 'v@b.org', '{"form":"volunteer_application","age":30}')`,
      );
      await rows(database, `insert into donations (donor_name, amount, currency) values ('Dan', 12.5, 'USD')`);
      const shapes: [Handler, string, Json][] = [
        [events, 'events', { type: 'contact_submit', payload: { email: 'a@b.org' }, about: null }],
        [
          contacts,
          'contacts',
          {
            name: 'Ann',
            email: 'a@b.org',
            subject: 'Hi',
            type: 'general',
            message: 'Hello',
            holder: null,
            replied_at: null,
            done_at: null,
          },
        ],
        [
          newsletter,
          'newsletter',
          {
            email: 'n@b.org',
            name: null,
            status: 'pending',
            source: 'newsletter_subscribe',
            confirmed_at: null,
            unsubscribed_at: null,
            notice_version: '',
            consent_wording: '',
          },
        ],
        [
          volunteers,
          'volunteers',
          {
            name: 'Vic',
            email: 'v@b.org',
            details: { form: 'volunteer_application', age: 30 },
            state: 'new',
            holder: null,
            due_at: anyTs,
          },
        ],
        [donations, 'donations', { donor_name: 'Dan', amount: 12.5, currency: 'USD' }],
      ];
      for (const [handler, resource, row] of shapes) {
        const body = (await (
          await call(handler, 'GET', `/api/admin/${resource}`, { token: desk.token })
        ).json()) as Json;
        expect(body, resource).toEqual({
          [resource]: [{ id: anyId, ts: anyTs, ...row }],
          nextCursor: null,
          eventsThrough: anyId,
        });
      }
    });
  });

  describe('list-and-delete resources', () => {
    const cases: [string, Handler, string][] = [
      [
        'contacts',
        contacts,
        `insert into contacts (name, email, message) values ('Ann', 'a@b.org', 'Hi') returning id::text as id`,
      ],
      [
        'newsletter',
        newsletter,
        `insert into newsletter_subscribers (email) values ('n@b.org') returning id::text as id`,
      ],
      [
        'volunteers',
        volunteers,
        `insert into volunteers (name, email) values ('Vic', 'v@b.org') returning id::text as id`,
      ],
      ['donations', donations, `insert into donations (donor_name, amount) values ('Dan', 5) returning id::text as id`],
    ];

    test.each(cases)(
      'deletes one of %s with 204, then 404; audits the id without personal details',
      async (resource, handler, insert) => {
        const [row] = await rows<{ id: string }>(database, insert);
        const path = `/api/admin/${resource}/${row?.id}`;
        expect((await call(handler, 'DELETE', path, { token: desk.token })).status).toBe(204);
        expect((await call(handler, 'DELETE', path, { token: desk.token })).status).toBe(404);
        expect((await call(handler, 'DELETE', `/api/admin/${resource}/x1`, { token: desk.token })).status).toBe(400);
        // Malformed percent-encodings reach the function as written: a 400, never a 500.
        for (const id of ['%E0', '%zz']) {
          expect((await call(handler, 'DELETE', `/api/admin/${resource}/${id}`, { token: desk.token })).status).toBe(
            400,
          );
        }
        expect(await auditEvents()).toEqual([
          { type: `admin.${resource}.delete`, payload: { actor: 'staff', id: row?.id } },
        ]);
      },
    );

    test.each(cases)('cannot create, read one or update %s (405)', async (resource, handler) => {
      expect((await call(handler, 'POST', `/api/admin/${resource}`, { token: desk.token, json: {} })).status).toBe(405);
      const one = await call(handler, 'GET', `/api/admin/${resource}/1`, { token: desk.token });
      expect(one.status).toBe(405);
      expect(one.headers.get('allow')).toBe('DELETE');
      expect((await call(handler, 'PUT', `/api/admin/${resource}/1`, { token: desk.token, json: {} })).status).toBe(
        405,
      );
    });

    test('events can be listed only', async () => {
      expect((await call(events, 'POST', '/api/admin/events', { token: desk.token, json: {} })).status).toBe(405);
      // No path for one event is declared, so the platform answers 404 before the function runs.
      expect(eventsConfig.path).toBe('/api/admin/events');
      expect(paramsFor('/api/admin/events/1')).toEqual({});
    });
  });

  describe('GET /api/admin/stats', () => {
    test('counts every resource', async () => {
      await rows(database, `insert into programs (title, slug) values ('A', 'a'), ('B', 'b')`);
      await rows(database, `insert into contacts (name, email, message) values ('Ann', 'a@b.org', 'Hi')`);
      const res = await call(stats, 'GET', '/api/admin/stats', { token: desk.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({
        events: 0,
        contacts: 1,
        newsletter: 0,
        volunteers: 0,
        programs: 2,
        blog: 0,
        donations: 0,
        gifts: 0,
        media: 0,
        children: 0,
        // The events that shipped with the site are copied into the table when first counted.
        calendar: shippedEvents.length,
        team: 0,
      });
      expect((await call(stats, 'POST', '/api/admin/stats', { token: desk.token })).status).toBe(405);
      expect((await call(stats, 'GET', '/api/admin/stats')).status).toBe(401);
    });
  });
});
