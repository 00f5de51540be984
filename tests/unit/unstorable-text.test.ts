/**
 * Text Postgres cannot store (a NUL byte, an unpaired surrogate) is refused with a 400 that names the field, on the
 * public form endpoint, the sign-in and the dashboard's writes, and nothing is recorded.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import media from '../../netlify/functions/admin-media.ts';
import programs from '../../netlify/functions/admin-programs.ts';
import login from '../../netlify/functions/auth-login.ts';
import track from '../../netlify/functions/track.ts';
import { ADMIN_TABLES, call, staffToken, useJwtSecret } from '../support/admin.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';

describe.each(databases)('text the database cannot store on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  beforeEach(() => truncate(database, [...ADMIN_TABLES, 'rate_limits']));

  const raw = (text: string) => ({ body: text, headers: { 'Content-Type': 'application/json' } });
  const cases: [string, string][] = [
    ['a NUL byte', '"Ann\\u0000"'],
    ['a lone high surrogate', '"Ann\\ud800"'],
    ['a lone low surrogate', '"\\udc00Ann"'],
  ];

  test.each(cases)('answers 400 naming the field for %s, on every endpoint', async (_name, value) => {
    const expectField = async (res: Response, path: string) => {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'Invalid characters in request',
        issues: [{ path, message: 'Text must not contain NUL characters or unpaired surrogates' }],
      });
    };
    await expectField(
      await call(
        track,
        'POST',
        '/api/admin/track',
        raw(`{"type":"contact_submit","payload":{"name":${value},"email":"a@b.org","subject":"s","message":"m"}}`),
      ),
      'payload.name',
    );
    await expectField(
      await call(login, 'POST', '/api/auth/login', raw(`{"username":${value},"password":"x"}`)),
      'username',
    );
    const token = await staffToken('staff');
    await expectField(
      await call(programs, 'POST', '/api/admin/programs', {
        token,
        ...raw(`{"title":"T","slug":"t","content":${value}}`),
      }),
      'content',
    );
    await expectField(
      await call(media, 'POST', '/api/admin/media', {
        token,
        ...raw(`{"name":"n","url":"/a.png","meta":{${value}:1}}`),
      }),
      `meta.${JSON.parse(value) as string}`,
    );
    expect(await rows(database, 'select count(*)::int as n from events')).toEqual([{ n: 0 }]);
  });
});
