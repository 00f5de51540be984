/**
 * What Paystack does in the browser tests' story: the stand-in (started by ./paystack-stand-in.ts) knows each
 * checkout's transaction; {@link paystackConfirms} reads it back as the site does and sends its signed
 * `charge.success` webhook, as Paystack does once the visitor has paid.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { paystackSignature } from '../../../netlify/functions/_shared/signatures.ts';
import { E2E_PAYSTACK_SECRET, e2ePaystackPort } from './server.ts';

/** Where the run's Paystack stand-in answers. */
export const PAYSTACK = `http://127.0.0.1:${e2ePaystackPort}`;

/** Asks the stand-in for the transaction of a reference, and sends its signed charge.success to the site. */
export async function paystackConfirms(request: APIRequestContext, reference: string): Promise<void> {
  const verify = await request.get(`${PAYSTACK}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${E2E_PAYSTACK_SECRET}` },
  });
  expect(verify.status()).toBe(200);
  const { data } = (await verify.json()) as { data: Record<string, unknown> };
  const body = JSON.stringify({
    event: 'charge.success',
    data: { ...data, status: 'success', channel: 'card', paid_at: new Date().toISOString() },
  });
  const answer = await request.post('/api/payments/paystack', {
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystackSignature(body, E2E_PAYSTACK_SECRET),
    },
    data: body,
  });
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ outcome: 'confirmed' });
}
