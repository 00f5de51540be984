import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import programs from '../../netlify/functions/admin-programs.ts';
import stream from '../../netlify/functions/admin-stream.ts';
import { ISSUER, signToken, TOKEN_KINDS } from '../../netlify/functions/_shared/platform/auth.ts';
import { getPool } from '../../netlify/functions/_shared/platform/db.ts';
import { eventStream, STREAM_TIMING } from '../../netlify/functions/_shared/platform/event-stream.ts';
import { ADMIN_TABLES, call, staffSession, TEST_JWT_SECRET, useJwtSecret } from '../support/admin.ts';
import { SseReader } from '../../support/stand-ins/sse.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

type StreamedEvent = { id: string; ts: string; type: string; payload: Record<string, unknown> };

/**
 * How long a message the test expects may take to arrive: a bound that stops a broken stream, not a speed target (the
 * stream polls every 500 ms; `npm run bench:admin` measures how soon a change reaches an open stream).
 */
const ARRIVES_WITHIN_MS = 10_000;

describe.each(databases)('event stream on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  let session: string;
  let sessionId: string;
  let readers: SseReader[] = [];
  beforeEach(async () => {
    await truncate(database, ADMIN_TABLES);
    ({ token: session, sessionId } = await staffSession('staff'));
  });
  afterEach(async () => {
    await Promise.all(readers.map((reader) => reader.close()));
    readers = [];
  });

  const insertEvents = (...types: string[]) =>
    rows<{ id: string }>(
      database,
      `select id::text as id from (insert into events (type) select unnest($1::text[]) returning id) t order by id`,
      [types],
    ).catch(async () => {
      const ids: { id: string }[] = [];
      for (const type of types)
        ids.push(
          ...(await rows<{ id: string }>(database, 'insert into events (type) values ($1) returning id::text as id', [
            type,
          ])),
        );
      return ids;
    });

  const open = async (query = '', headers: Record<string, string> = {}) => {
    const token = await signToken('staff', sessionId, 'stream');
    const res = await call(stream, 'GET', `/api/admin/events/stream?token=${token}${query}`, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const reader = new SseReader(res.body!);
    readers.push(reader);
    return reader;
  };

  test('gives a 5-minute stream token to staff only', async () => {
    const res = await call(stream, 'POST', '/api/admin/events/stream-token', { token: session });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { token: string; expiresIn: number };
    expect(body.expiresIn).toBe(300);
    const opened = await call(stream, 'GET', `/api/admin/events/stream?token=${body.token}`);
    expect(opened.status).toBe(200);
    await opened.body?.cancel();
    expect((await call(stream, 'POST', '/api/admin/events/stream-token')).status).toBe(401);
    expect((await call(stream, 'GET', '/api/admin/events/stream-token', { token: session })).status).toBe(405);
  });

  test('refuses a normal token, a missing, expired or foreign one in the URL', async () => {
    const key = new TextEncoder().encode(TEST_JWT_SECRET);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('staff')
      .setIssuer(ISSUER)
      .setAudience(TOKEN_KINDS.stream.audience)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 300)
      .sign(key);
    for (const query of ['', `?token=${session}`, `?token=${expired}`, '?token=abc.def.ghi']) {
      const res = await call(stream, 'GET', `/api/admin/events/stream${query}`);
      expect(res.status, query).toBe(401);
      expect(Object.keys((await res.json()) as object)).toEqual(['error']);
    }
    // A stream token does not open the rest of the API either.
    const streamToken = await signToken('staff', sessionId, 'stream');
    expect((await call(programs, 'GET', '/api/admin/programs', { token: streamToken })).status).toBe(401);
  });

  test('opens with the latest events, newest first, then sends a new one', async () => {
    await insertEvents('first', 'second', 'third');
    const reader = await open();
    const initial = await reader.next();
    expect(initial?.event).toBe('initial_events');
    const data = initial?.data as { type: string; events: StreamedEvent[] };
    expect(data.type).toBe('initial_events');
    expect(data.events.map((event) => event.type)).toEqual(['third', 'second', 'first']);
    expect(initial?.id).toBe(data.events[0]?.id);

    const created = await call(programs, 'POST', '/api/admin/programs', {
      token: session,
      json: { title: 'T', slug: 't' },
    });
    expect(created.status).toBe(201);
    const fresh = await reader.next(ARRIVES_WITHIN_MS);
    expect(fresh?.event).toBe('new_event');
    const event = (fresh?.data as { event: StreamedEvent }).event;
    expect(event).toMatchObject({ type: 'admin.programs.create', payload: { actor: 'staff', slug: 't' } });
    expect(fresh?.id).toBe(event.id);
    const changed = await reader.next(ARRIVES_WITHIN_MS);
    expect(changed).toMatchObject({
      event: 'resource_changed',
      data: { type: 'resource_changed', resource: 'programs' },
    });
  });

  test('sends at most 500 initial events', async () => {
    await rows(database, `insert into events (type) select 'e' || n from generate_series(1, 520) n`);
    const reader = await open();
    const events = ((await reader.next())?.data as { events: StreamedEvent[] }).events;
    expect(events).toHaveLength(500);
    expect(events[0]?.type).toBe('e520');
    expect(events[499]?.type).toBe('e21');
  });

  test('resumes after Last-Event-ID without missing or repeating anything', async () => {
    await insertEvents('a', 'b');
    const first = await open();
    expect((await first.next())?.event).toBe('initial_events');
    await insertEvents('c');
    const seen = await first.next(ARRIVES_WITHIN_MS);
    expect((seen?.data as { event: StreamedEvent }).event.type).toBe('c');
    await first.close();

    await insertEvents('d', 'e');
    for (const resume of [
      { query: '', headers: { 'Last-Event-ID': seen?.id ?? '' } },
      { query: `&lastEventId=${seen?.id}`, headers: {} },
    ]) {
      const again = await open(resume.query, resume.headers);
      const types = [];
      for (let i = 0; i < 2; i += 1) {
        const message = await again.next(ARRIVES_WITHIN_MS);
        expect(message?.event).toBe('new_event');
        types.push((message?.data as { event: StreamedEvent }).event.type);
      }
      expect(types).toEqual(['d', 'e']);
      expect(await again.next(800)).toBeUndefined();
      await again.close();
    }
  });

  test.skipIf(database.name === 'embedded')(
    'waits for an earlier id that commits late instead of skipping it',
    async () => {
      const reader = await open();
      await reader.next();
      const client = await getPool().connect();
      try {
        await client.query('begin');
        await client.query(`insert into events (type) values ('slow')`);
        await insertEvents('fast');
        await new Promise((resolve) => setTimeout(resolve, 300));
        await client.query('commit');
      } finally {
        client.release();
      }
      const types = [];
      for (let i = 0; i < 2; i += 1)
        types.push(((await reader.next(ARRIVES_WITHIN_MS))?.data as { event: StreamedEvent }).event.type);
      expect(types).toEqual(['slow', 'fast']);
    },
  );

  test('ends itself well before the 60 s function limit', async () => {
    expect(STREAM_TIMING.durationMs).toBeLessThanOrEqual(55_000);
    const short = new SseReader(
      eventStream(undefined, { durationMs: 300, pollMs: 50, gapWaitMs: 100, heartbeatMs: 100, recheckMs: 100 }),
    );
    readers.push(short);
    expect((await short.next())?.event).toBe('initial_events');
    expect(await short.next(ARRIVES_WITHIN_MS)).toBeUndefined();
    expect(short.ended).toBe(true);
  });
});
