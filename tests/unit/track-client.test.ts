import { afterEach, describe, expect, test, vi } from 'vitest';
import { track } from '../../src/lib/track.ts';

afterEach(() => vi.unstubAllGlobals());

/** Stubs fetch with `answer` and returns the calls it saw. */
function network(answer: () => Promise<Response>): { url: string; init: RequestInit }[] {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  return calls;
}

describe('track (the browser side of POST /api/admin/track)', () => {
  test('posts the type and payload as JSON with keepalive, and resolves true when accepted', async () => {
    const calls = network(() => Promise.resolve(new Response(null, { status: 202 })));
    const payload = { email: 'ann@example.org' };
    expect(await track('newsletter_subscribe', payload)).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/admin/track');
    expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true });
    expect(new Headers(calls[0]!.init.headers).get('content-type')).toBe('application/json');
    expect(JSON.parse(calls[0]!.init.body as string)).toEqual({ type: 'newsletter_subscribe', payload });
  });

  test('sends the honeypot only when a bot filled it in', async () => {
    const calls = network(() => Promise.resolve(new Response(null, { status: 202 })));
    const payload = { email: 'bot@example.org' };
    await track('newsletter_subscribe', payload, { website: '' });
    await track('newsletter_subscribe', payload, { website: 'http://spam.example' });
    expect(JSON.parse(calls[0]!.init.body as string)).not.toHaveProperty('website');
    expect(JSON.parse(calls[1]!.init.body as string)).toHaveProperty('website', 'http://spam.example');
  });

  test('resolves false, never throws, when the server refuses or the network fails', async () => {
    const payload = { email: 'ann@example.org' };
    network(() => Promise.resolve(new Response('{"error":"Too many requests"}', { status: 429 })));
    expect(await track('newsletter_subscribe', payload)).toBe(false);
    network(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(await track('newsletter_subscribe', payload)).toBe(false);
  });
});
