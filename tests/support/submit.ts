/**
 * Sending a public form as a visitor would, for handler tests: the real track function with a real Request, then
 * waiting for what it does after its answer (queueing and sending its emails), as the platform's `waitUntil` would.
 */
import { expect } from 'vitest';
import track from '../../netlify/functions/track.ts';
import { context } from './databases.ts';

/** Posts one form (`type`, `payload`) from a random address, expects it accepted, and waits for its after-work. */
export async function submitForm(type: string, payload: unknown): Promise<void> {
  const waiting: Promise<unknown>[] = [];
  const res = await track(
    new Request('http://localhost/api/admin/track', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, payload }),
    }),
    context(`198.51.100.${Math.floor(Math.random() * 250) + 1}`, {
      waitUntil: (promise: Promise<unknown>) => void waiting.push(promise),
    }),
  );
  expect(res.status).toBe(202);
  await Promise.all(waiting);
}
