/**
 * `POST /api/payments/paystack`: Paystack's webhook. A call counts only when `x-paystack-signature` is the
 * HMAC-SHA512 of its raw body with `PAYSTACK_SECRET_KEY` (401 otherwise, nothing stored). Every event Paystack
 * documents is settled once (_shared/gifts/paystack-events.ts); a signed event the site cannot match is recorded and
 * answered 200 too, so Paystack does not retry it, and a replay answers 200 and changes nothing. The answer goes out
 * as soon as the ledger has the event: a successful charge arriving behind others is stored and answered `received`,
 * then settled after the answer; emails (a receipt and its PDF, a manage link) are made and sent after it.
 */
import type { Config, Context } from '@netlify/functions';
import { z } from 'zod';
import { failureAnswer } from './_shared/platform/failure.ts';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import {
  badRequest,
  error,
  json,
  methodNotAllowed,
  payloadTooLarge,
  readBodyBytes,
  UNSTORABLE_TEXT,
  unstorableTextPath,
} from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import { paystackConfig } from './_shared/gifts/paystack.ts';
import { receivePaystackEvent } from './_shared/gifts/paystack-events.ts';
import { verifyPaystackSignature } from './_shared/platform/signatures.ts';

/** Largest webhook body accepted; Paystack's events are a few KB. */
export const MAX_WEBHOOK_BYTES = 64 * 1024;

/** An event: its type and its `data`, an object (a list for `subscription.expiring_cards`). */
const Event = z.object({
  event: z.string().min(1).max(100),
  data: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]),
});

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
    const settled = await receivePaystackEvent(event.data.event, event.data.data, raw, context);
    if ('problem' in settled) return badRequest(settled.problem);
    // What the event queued (a receipt, a manage link) is made and sent once the answer has gone; a charge answered
    // `received` is sent once it is settled, and a repeat queued nothing.
    if (settled.outcome !== 'received' && settled.outcome !== 'duplicate')
      deliverAfterResponse(context, GIFT_COMPLETERS);
    return json(settled);
  } catch (failure) {
    return failureAnswer(failure, '/api/payments/paystack');
  }
};

export const config: Config = { path: '/api/payments/paystack' };
