/**
 * The gifts checkout as the browser tests see it: the pending gift a donate or sponsor form stored (read through the
 * admin API), what left for the provider (the transaction the Paystack stand-in was asked to initialize, read back
 * through its documented verify call, and the checkout tab it sent the visitor to), and the provider's signed
 * `charge.success` once the visitor has paid ({@link paystackConfirms}).
 */
import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { paystackSignature } from '../../../netlify/functions/_shared/platform/signatures.ts';
import type { Chosen } from '../../../support/browser/form-cases.ts';
import { staffList } from './api.ts';
import { E2E_PAYSTACK_SECRET, e2ePaystackPort } from '../../../support/e2e/server.ts';

/** The stand-in's address. */
export const PAYSTACK = `http://127.0.0.1:${e2ePaystackPort}`;

/** A gift as the admin API lists it: what its form chose, and the rest the site adds. */
export type Gift = Required<Chosen> & {
  id: string;
  reference: string;
  state: string;
  plan_code: string | null;
  donor_name: string | null;
  donor_email: string | null;
  anonymous: boolean;
};

/** Every gift of one donor's email. */
export async function giftsOf(request: APIRequestContext, email: string): Promise<Gift[]> {
  return (await staffList<Gift>(request, 'gifts')).filter((gift) => gift.donor_email === email);
}

/** Waits for the gift of `email` (the form's post is answered before the test reads the list). */
export async function giftOf(request: APIRequestContext, email: string): Promise<Gift> {
  let found: Gift | undefined;
  await expect
    .poll(async () => (found = (await giftsOf(request, email))[0]), { message: `a gift from ${email}` })
    .toBeDefined();
  return found!;
}

/** The transaction the site initialized at the stand-in for `reference`, as Paystack's verify reports it. */
export async function providerTransaction(request: APIRequestContext, reference: string) {
  const verify = await request.get(`${PAYSTACK}/transaction/verify/${reference}`, {
    headers: { authorization: `Bearer ${E2E_PAYSTACK_SECRET}` },
  });
  expect(verify.status(), `the stand-in knows ${reference}`).toBe(200);
  return ((await verify.json()) as { data: ProviderTransaction }).data;
}

/** Posts `body` to the site's Paystack webhook, signed as Paystack signs it. */
export function sendPaystackEvent(request: APIRequestContext, body: string): Promise<APIResponse> {
  return request.post('/api/payments/paystack', {
    headers: {
      'content-type': 'application/json',
      'x-paystack-signature': paystackSignature(body, E2E_PAYSTACK_SECRET),
    },
    data: body,
  });
}

/**
 * Sends a signed `charge.success` and waits until the site has settled it. The answer says what the charge did
 * (`outcome`) when nothing was ahead of it on the server, or `received` when another test's charge was: it is then
 * settled just after the answer. Either way the gift of `reference` reaches `state`.
 */
export async function chargeSettles(
  request: APIRequestContext,
  body: string,
  settled: { reference: string; outcome: string; state: string },
): Promise<void> {
  const answer = await sendPaystackEvent(request, body);
  expect(answer.status()).toBe(200);
  expect([settled.outcome, 'received']).toContain(((await answer.json()) as { outcome: string }).outcome);
  await expect
    .poll(
      async () => (await staffList<Gift>(request, 'gifts')).find((gift) => gift.reference === settled.reference)?.state,
      { message: `the gift ${settled.reference} is ${settled.state}` },
    )
    .toBe(settled.state);
}

/** Sends the signed charge.success Paystack sends once the visitor has paid the transaction of `reference`. */
export async function paystackConfirms(request: APIRequestContext, reference: string): Promise<void> {
  const paid = await providerTransaction(request, reference);
  const body = JSON.stringify({
    event: 'charge.success',
    data: { ...paid, status: 'success', channel: 'card', paid_at: new Date().toISOString() },
  });
  await chargeSettles(request, body, { reference, outcome: 'confirmed', state: 'confirmed' });
}

type ProviderTransaction = {
  reference: string;
  amount: number;
  currency: string;
  customer: { email: string };
  plan: { plan_code?: string };
  metadata: Record<string, unknown> | '';
};

/**
 * Checks the one pending gift of `email` holds every choice, that the same choices left for the provider
 * (amount, currency, a plan when it repeats, and frequency, cause or child and type in the metadata), and that
 * `tab` shows the provider's checkout for that gift. Returns the gift.
 */
export async function expectCheckout(
  request: APIRequestContext,
  email: string,
  chosen: Chosen,
  tab: Page,
): Promise<Gift> {
  const gift = await giftOf(request, email);
  expect(gift).toMatchObject({ state: 'pending', ...chosen });
  expect(await giftsOf(request, email), 'one pending gift').toHaveLength(1);

  const sent = await providerTransaction(request, gift.reference);
  expect(sent).toMatchObject({
    amount: gift.amount_subunits,
    currency: gift.currency,
    customer: { email },
  });
  const metadata: Record<string, unknown> = {
    form: gift.kind === 'donation' ? 'donation_intent' : 'sponsorship_application',
  };
  metadata['frequency'] = gift.frequency;
  if (gift.cause) metadata['cause'] = gift.cause;
  if (gift.child_id) metadata['child_id'] = gift.child_id;
  if (gift.sponsorship_type) metadata['sponsorship_type'] = gift.sponsorship_type;
  expect(sent.metadata).toMatchObject(metadata);
  // A repeating card gift is charged on a plan of its amount and interval, made at the provider. Paystack charges
  // only cards again by itself, so a one-time gift, or one by M-Pesa or bank, has none (its commitment is reminded).
  if (gift.frequency !== 'one-time' && gift.method === 'card') expect(gift.plan_code).toMatch(/^PLN_/);
  else {
    expect(gift.plan_code).toBeNull();
    expect(sent.plan).toEqual({});
  }

  await expect(tab).toHaveURL(new RegExp(`^${PAYSTACK}/checkout/[0-9a-f]+$`));
  await expect(tab.locator('#reference')).toHaveText(gift.reference);
  await expect(tab.getByRole('heading')).toHaveText(`Pay ${gift.currency} ${gift.amount_subunits / 100}`);
  return gift;
}

/** Presses `submit` and returns the tab it opened (the checkout, or the form's answer). */
export async function submitToNewTab(page: Page, submit: () => Promise<void>): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await submit();
  const tab = await opened;
  await tab.waitForLoadState('domcontentloaded');
  return tab;
}
