/**
 * Playwright global setup: the Paystack stand-in (tests/support/paystack.ts) on the port the e2e server's
 * `PAYSTACK_API_URL` names, for the whole run, so every donate and sponsor checkout reaches a Paystack-shaped API.
 * Specs read it through its documented calls (verify) and sign webhooks with the shared test key.
 */
import { startPaystack } from '../../support/paystack.ts';
import { E2E_PAYSTACK_SECRET, e2ePaystackPort } from './server.ts';

/** Starts the stand-in; the returned function stops it after the run. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const paystack = await startPaystack(e2ePaystackPort, E2E_PAYSTACK_SECRET);
  return () => paystack.close();
}
