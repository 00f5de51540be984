/**
 * `POST /api/payments/paystack`: Paystack's webhook. A call counts only when `x-paystack-signature` is the
 * HMAC-SHA512 of its raw body with `PAYSTACK_SECRET_KEY` (401 otherwise, nothing stored). `charge.success` confirms
 * the pending gift its reference names (_shared/gifts.ts); `refund.processed` refunds the confirmed gift of its
 * transaction (in part when Paystack refunded part); subscription and invoice events keep a monthly gift's state.
 * Each event is settled once: a replay answers 200 and changes nothing.
 */
import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import { failureAnswer } from './_shared/failure.ts';
import {
  settlePaystackCharge,
  settlePaystackRefund,
  settleSubscription,
  type SubscriptionChange,
} from './_shared/gifts.ts';
import {
  badRequest,
  error,
  json,
  methodNotAllowed,
  payloadTooLarge,
  readBodyBytes,
  UNSTORABLE_TEXT,
  unstorableTextPath,
} from './_shared/http.ts';
import { deliverAfterResponse } from './_shared/outbox.ts';
import { PAYSTACK_REFERENCE, paystackConfig, planCodeOf } from './_shared/paystack.ts';
import { verifyPaystackSignature } from './_shared/signatures.ts';

/** Largest webhook body accepted; Paystack's events are a few KB. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** A transaction reference as Paystack allows it: letters, digits, `-`, `.` and `=`. */
const PaystackReference = z.string().regex(PAYSTACK_REFERENCE, 'Not a Paystack reference');

const Charge = z.object({
  id: z.number().int(),
  status: z.string(),
  reference: PaystackReference,
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
  channel: z.string().max(40).nullish(),
  paid_at: z.iso.datetime({ offset: true }).nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
  plan: z.union([z.object({ plan_code: z.string().nullish() }), z.string(), z.array(z.unknown())]).nullish(),
});

const Subscription = z.object({
  subscription_code: z.string().min(1),
  status: z.string().nullish(),
  plan: z.object({ plan_code: z.string().nullish() }).nullish(),
  customer: z.object({ email: z.string().nullish() }).nullish(),
});

const Invoice = z.object({
  invoice_code: z.string().nullish(),
  id: z.union([z.number(), z.string()]).nullish(),
  subscription: z.object({ subscription_code: z.string().min(1) }),
});

/** The documented `data` of Paystack's refund events. */
const Refund = z.object({
  status: z.string().nullish(),
  transaction_reference: PaystackReference,
  refund_reference: z.union([z.string().min(1).max(100), z.number()]).nullish(),
  id: z.union([z.string().min(1).max(100), z.number()]).nullish(),
  amount: z.number().int().positive(),
  currency: z.string().regex(/^[A-Z]{3}$/),
});

const Event = z.object({ event: z.string().min(1), data: z.record(z.string(), z.unknown()) });

const SUBSCRIPTION_STATES: Readonly<Record<string, SubscriptionChange['state']>> = {
  'subscription.create': 'active',
  'subscription.enable': 'active',
  'subscription.not_renew': 'cancelled',
  'subscription.disable': 'cancelled',
  'invoice.payment_failed': 'failed',
};

/** Handles one webhook call. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const config = paystackConfig();
  if (!config) return error(503, 'Payments are not connected (PAYSTACK_SECRET_KEY is not set)');
  const raw = await readBodyBytes(req, MAX_WEBHOOK_BYTES);
  if (!raw) return payloadTooLarge(MAX_WEBHOOK_BYTES);
  if (!verifyPaystackSignature(raw, req.headers.get('x-paystack-signature'), config.secretKey)) {
    return error(401, 'Invalid signature');
  }
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw));
  } catch {
    return badRequest('Request body is not valid JSON');
  }
  // Postgres stores no NUL: a signed event holding one is refused whole, before any of it is read.
  const unstorable = unstorableTextPath(value);
  if (unstorable !== undefined) {
    return badRequest('Not a Paystack event', [{ path: unstorable, message: UNSTORABLE_TEXT }]);
  }
  const event = Event.safeParse(value);
  if (!event.success) return badRequest('Not a Paystack event');
  try {
    const answer = await handle(event.data.event, event.data.data, context);
    // A confirmation queued a receipt: send it once the answer has gone.
    deliverAfterResponse(context);
    return answer;
  } catch (failure) {
    return failureAnswer(failure, '/api/payments/paystack');
  }
};

export const config: Config = { path: '/api/payments/paystack' };

async function handle(type: string, data: Record<string, unknown>, context: Context): Promise<Response> {
  if (type === 'charge.success') {
    const charge = Charge.safeParse(data);
    if (!charge.success) return badRequest('Not a Paystack charge');
    if (charge.data.status !== 'success') return json({ outcome: 'ignored' });
    const settled = await settlePaystackCharge(charge.data, 'webhook', context);
    if (settled.outcome === 'unknown') return error(422, `No gift has the reference ${charge.data.reference}`);
    return json(settled);
  }
  // refund.pending, refund.processing and refund.failed change no money: only a processed refund is recorded.
  if (type === 'refund.processed') return refund(data);
  const state = SUBSCRIPTION_STATES[type];
  if (!state) return json({ outcome: 'ignored' });
  let change: SubscriptionChange;
  if (type === 'invoice.payment_failed') {
    const invoice = Invoice.safeParse(data);
    if (!invoice.success) return badRequest('Not a Paystack invoice');
    const code = invoice.data.subscription.subscription_code;
    change = {
      eventKey: `${type}:${invoice.data.invoice_code ?? invoice.data.id ?? code}`,
      type,
      state,
      subscriptionCode: code,
    };
  } else {
    const subscription = Subscription.safeParse(data);
    if (!subscription.success) return badRequest('Not a Paystack subscription');
    const { subscription_code: code, status, plan, customer } = subscription.data;
    change = {
      eventKey: `${type}:${code}:${status ?? ''}`,
      type,
      state,
      subscriptionCode: code,
      planCode: planCodeOf(plan ?? null),
      email: customer?.email ?? null,
    };
  }
  const settled = await settleSubscription(change);
  if (settled.outcome === 'unknown')
    return error(422, `No monthly gift has the subscription ${change.subscriptionCode}`);
  return json(settled);
}

async function refund(data: Record<string, unknown>): Promise<Response> {
  const parsed = Refund.safeParse(data);
  if (!parsed.success) return badRequest('Not a Paystack refund');
  const { transaction_reference: reference, refund_reference: refundReference, id, amount, currency } = parsed.data;
  const key = refundReference ?? id;
  if (key === null || key === undefined) return badRequest('The refund has neither refund_reference nor id');
  const settled = await settlePaystackRefund({ key: String(key), reference, amount, currency });
  if (settled.outcome === 'unknown') return error(422, `No confirmed gift has the reference ${reference}`);
  return json(settled);
}
