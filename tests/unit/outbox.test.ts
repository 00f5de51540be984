/**
 * The public forms' outbox (src/lib/outbox.ts) with a stand-in network and localStorage: what counts as sent, what
 * is kept to resend, and that a kept submission is sent exactly once however often a resend is started.
 */
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { flush, onResent, submit } from '../../src/lib/outbox.ts';

const KEY = 'pendingSubmissions';

/** A Map-backed localStorage. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

const body = (submissionId: string) => ({
  type: 'contact_submit',
  payload: { name: 'Achieng', email: 'achieng@example.org', subject: 'Hi', message: 'Hello' },
  submissionId,
});

/** The network: each call takes the next answer (a status, or 'offline' to throw as fetch does). */
function network(...answers: (number | 'offline')[]) {
  const calls: string[] = [];
  const fetch = vi.fn((_url: string, init: { body: string }) => {
    calls.push((JSON.parse(init.body) as { submissionId: string }).submissionId);
    const answer = answers.shift() ?? 202;
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'));
    const issues =
      answer === 400 ? { issues: [{ path: 'payload.email', message: 'Enter a valid email address' }] } : {};
    return Promise.resolve(new Response(JSON.stringify(issues), { status: answer }));
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const kept = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as { submissionId: string }[];

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  // Resend notices go out as window events, so a form hears of them whichever copy of this module sent them.
  vi.stubGlobal('window', new EventTarget());
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('submit', () => {
  test('a 2xx answer is sent and nothing is kept', async () => {
    network(202);
    expect(await submit(body('a'))).toEqual({ status: 'sent' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  test('offline, 429 and 5xx are "not sent" and keep the submission once, by its id', async () => {
    network('offline', 429, 503);
    expect(await submit(body('a'))).toEqual({ status: 'not-sent' });
    expect(await submit(body('a'))).toEqual({ status: 'not-sent' });
    expect(await submit(body('b'))).toEqual({ status: 'not-sent' });
    expect(kept().map((item) => item.submissionId)).toEqual(['a', 'b']);
  });

  test("a 4xx answer hands back the server's field problems and keeps nothing", async () => {
    network('offline', 400);
    await submit(body('a'));
    expect(await submit(body('a'))).toEqual({
      status: 'invalid',
      issues: [{ path: 'payload.email', message: 'Enter a valid email address' }],
    });
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});

describe('flush', () => {
  test('resends kept submissions oldest first, and stops at the first that still cannot be sent', async () => {
    network('offline', 'offline');
    await submit(body('a'));
    await submit(body('b'));
    const calls = network(202, 503);
    await flush();
    expect(calls).toEqual(['a', 'b']);
    expect(kept().map((item) => item.submissionId)).toEqual(['b']);
  });

  test('sends each kept submission exactly once, however many resends start at the same time', async () => {
    network('offline');
    await submit(body('a'));
    const calls = network(202);
    const resent: string[] = [];
    const stop = onResent(({ submissionId }) => resent.push(submissionId));
    await Promise.all([flush(), flush(), flush()]);
    await flush();
    stop();
    expect(calls).toEqual(['a']);
    expect(resent).toEqual(['a']);
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  test("a kept gift form is resent to the checkout, and its resend carries the checkout's address", async () => {
    network('offline');
    await submit({ type: 'donation_intent', payload: { amount: 50, email: 'grace@example.org' }, submissionId: 'g' });
    const urls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        urls.push(url);
        return Promise.resolve(
          new Response(JSON.stringify({ checkoutUrl: 'https://checkout.paystack.com/abc' }), { status: 201 }),
        );
      }),
    );
    const resent: unknown[] = [];
    const stop = onResent((detail) => resent.push(detail));
    await flush();
    stop();
    expect(urls).toEqual(['/api/payments/checkout']);
    expect(resent).toEqual([{ submissionId: 'g', checkoutUrl: 'https://checkout.paystack.com/abc' }]);
  });

  test('a stored value that is not a list is treated as an empty outbox', async () => {
    localStorage.setItem(KEY, '{"not":"a list"}');
    const calls = network();
    await flush();
    expect(calls).toEqual([]);
  });
});
