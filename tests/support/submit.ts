/**
 * Sending a public form as a visitor would, for handler tests: the real track function with a real Request, and
 * what it does after its answer (queueing and sending its emails), which the platform's `waitUntil` keeps alive.
 */
import type { Context } from '@netlify/functions';
import { expect } from 'vitest';
import track from '../../netlify/functions/track.ts';
import { context } from './databases.ts';

/**
 * A context from a random address whose `waitUntil` work can be awaited, as Netlify keeps the function alive for it;
 * `unsettled` counts the work not yet ended.
 */
export function deferredContext(): { context: Context; settled: () => Promise<unknown>; unsettled: () => number } {
  const waiting: Promise<unknown>[] = [];
  let ended = 0;
  const end = () => void (ended += 1);
  return {
    context: context(`198.51.100.${Math.floor(Math.random() * 250) + 1}`, {
      waitUntil: (promise: Promise<unknown>) => {
        waiting.push(promise);
        promise.then(end, end);
      },
    }),
    settled: () => Promise.all(waiting),
    unsettled: () => waiting.length - ended,
  };
}

/** Posts one form; `sendingAtAnswer` is how much after-work (the emails) was still going on at the answer. */
export async function submit(
  type: string,
  payload: unknown,
): Promise<{ status: number; sendingAtAnswer: number; settled: () => Promise<unknown> }> {
  const { context: ctx, settled, unsettled } = deferredContext();
  const res = await track(
    new Request('http://localhost/api/admin/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, payload }),
    }),
    ctx,
  );
  return { status: res.status, sendingAtAnswer: unsettled(), settled };
}

/** Posts one form, expects it accepted, and waits for its after-work. */
export async function submitForm(type: string, payload: unknown): Promise<void> {
  const sent = await submit(type, payload);
  expect(sent.status).toBe(202);
  await sent.settled();
}
