/** Helpers shared by the gift ledger's handler tests: the tables they empty, and a checkout posted as a browser does. */
import type { Context } from '@netlify/functions';
import checkout from '../../netlify/functions/payments-checkout.ts';
import { context } from './databases.ts';

/** The tables a gifts test empties before each test. */
export const GIFT_TABLES = [
  'events',
  'gifts',
  'payment_events',
  'paystack_plans',
  'sponsorships',
  'commitments',
  'commitment_instalments',
  'notification_outbox',
  'rate_limits',
  'admin_users',
  'admin_sessions',
  'child_consents',
  'children',
  'site_builds',
] as const;

/** Posts a gift form to the checkout function form-encoded (JavaScript off), from a random client by default. */
export function postCheckout(
  body: URLSearchParams,
  ctx: Context = context(`198.51.100.${Math.floor(Math.random() * 250) + 1}`),
): Promise<Response> {
  return checkout(
    new Request('http://localhost/api/payments/checkout', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
    }),
    ctx,
  );
}
