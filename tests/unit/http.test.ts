import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { formAccepted, formProblem } from '../../netlify/functions/_shared/platform/form-answer.ts';
import { htmlPage } from '../../netlify/functions/_shared/platform/html-page.ts';
import { clientAddress, hashAddress } from '../../netlify/functions/_shared/platform/client.ts';
import {
  answer,
  API_HEADERS,
  error,
  invalid,
  isJsonContentType,
  json,
  noContent,
  readJsonBody,
  seeOther,
  tooManyRequests,
  unstorableTextPath,
} from '../../netlify/functions/_shared/platform/http.ts';

const request = (body: BodyInit, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  new Request('http://localhost/x', { method: 'POST', body, headers });

describe('http helpers', () => {
  test('reads a JSON body', async () => {
    expect(await readJsonBody(request('{"a":1}'))).toEqual({ ok: true, value: { a: 1 } });
  });

  test('answers 413 for a streamed body over the cap even without Content-Length', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(1024).fill(32));
        controller.close();
      },
    });
    const req = new Request('http://localhost/x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    const result = await readJsonBody(req);
    expect(result.ok ? 200 : result.response.status).toBe(413);
  });

  test('answers 400 for an empty body and 415 for text', async () => {
    const empty = await readJsonBody(request(''));
    expect(empty.ok ? 200 : empty.response.status).toBe(400);
    const text = await readJsonBody(request('{}', { 'content-type': 'text/plain' }));
    expect(text.ok ? 200 : text.response.status).toBe(415);
  });

  test('recognises JSON content types with parameters and +json suffixes', () => {
    expect(isJsonContentType('application/json; charset=utf-8')).toBe(true);
    expect(isJsonContentType('application/merge-patch+json')).toBe(true);
    expect(isJsonContentType('text/json')).toBe(false);
    expect(isJsonContentType(null)).toBe(false);
  });

  test('lists zod issues with dotted paths', async () => {
    const failure = z.object({ a: z.object({ b: z.string() }) }).safeParse({ a: { b: 1 } }).error!;
    const body = (await invalid(failure, 'Invalid payload').json()) as { issues: { path: string }[] };
    expect(body.issues.map((issue) => issue.path)).toEqual(['a.b']);
  });

  test('rounds Retry-After up to whole seconds', () => {
    expect(tooManyRequests(0.2).headers.get('retry-after')).toBe('1');
  });
});

describe('unstorable text', () => {
  test('finds a NUL or a lone surrogate in any string, value or key, and names its path', () => {
    expect(unstorableTextPath({ a: 'fine', b: ['ok', { c: 'x\u0000' }] })).toBe('b.1.c');
    expect(unstorableTextPath({ payload: { name: '\ud800' } })).toBe('payload.name');
    expect(unstorableTextPath({ meta: { 'bad\udc00key': 1 } })).toBe('meta.bad\udc00key');
    expect(unstorableTextPath('\u0000')).toBe('');
  });

  test('accepts well-formed text, emoji (surrogate pairs) included', () => {
    expect(unstorableTextPath({ name: 'Wanjirũ 👋🏾', list: [1, null, true, 'ok'] })).toBeUndefined();
  });
});

describe('client identity', () => {
  test('takes the address from Netlify context ip only, never from a header a client can send', () => {
    expect(clientAddress({ ip: '192.0.2.9' })).toBe('192.0.2.9');
    expect(clientAddress({ ip: '' })).toBe('unknown');
    expect(clientAddress()).toBe('unknown');
  });

  test('hashes an address with the configured key so it cannot be read back', () => {
    const saved = process.env['IP_HASH_KEY'];
    process.env['IP_HASH_KEY'] = 'key-one';
    const one = hashAddress('192.0.2.1');
    process.env['IP_HASH_KEY'] = 'key-two';
    const two = hashAddress('192.0.2.1');
    if (saved === undefined) delete process.env['IP_HASH_KEY'];
    else process.env['IP_HASH_KEY'] = saved;
    expect(one).toMatch(/^[0-9a-f]{64}$/);
    expect(one).not.toBe(two);
    expect(one).not.toContain('192.0.2.1');
  });
});

describe('security headers of function answers', () => {
  const EXPECTED = {
    'strict-transport-security': 'max-age=63072000; includeSubDomains',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
  const expectSecured = (res: Response, what: string) => {
    for (const [name, value] of Object.entries(EXPECTED)) expect(res.headers.get(name), `${what}: ${name}`).toBe(value);
    expect(res.headers.get('referrer-policy'), what).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
    expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  };

  test('every kind of answer carries them: JSON, empty, 429, redirects, newsletter pages, form answers', async () => {
    const form = new Request('http://localhost/api/admin/track', { method: 'POST' });
    const answers: [string, Response][] = [
      ['json', json({ ok: true })],
      ['error', error(404, 'No such thing')],
      ['204', noContent()],
      ['429', tooManyRequests(3)],
      ['303', seeOther('/newsletter/confirmed/')],
      ['form accepted', formAccepted('contact_submit')],
      [
        'form problem',
        await formProblem(form, 'contact_submit', { status: 400, message: 'x' }, () => Promise.resolve(undefined)),
      ],
      ['newsletter page', htmlPage({ title: 'Done', html: '<p>Done</p>', tone: 'success' }, 200)],
      ['any answer', answer('x', 200, { 'Content-Type': 'text/plain' })],
    ];
    for (const [what, res] of answers) expectSecured(res, what);
    // A redirect and a JSON answer load nothing at all.
    expect(seeOther('/x').headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  test('are the values netlify.toml gives static files', async () => {
    const toml = await readFile(new URL('../../netlify.toml', import.meta.url), 'utf8');
    const site = /for = "\/\*"\s+\[headers\.values\]([^[]+)/.exec(toml)?.[1] ?? '';
    for (const name of [
      'Strict-Transport-Security',
      'Permissions-Policy',
      'X-Content-Type-Options',
      'X-Frame-Options',
    ]) {
      expect(new RegExp(`${name} = "([^"]+)"`).exec(site)?.[1], name).toBe(
        API_HEADERS[name as keyof typeof API_HEADERS],
      );
    }
  });
});
