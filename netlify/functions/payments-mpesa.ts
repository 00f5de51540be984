/**
 * `POST /api/payments/mpesa/c2b/:secret`: Safaricom Daraja's C2B confirmation callback for money sent straight to
 * the Paybill. A wrong path secret is a 404 (the address does not exist for anyone who does not know it); a payload
 * of the wrong shape or for another short code is a 400; a TransID seen before changes nothing. Daraja expects
 * `{ResultCode: 0, ResultDesc}` back.
 */
import type { Config, Context } from '@netlify/functions';
import { failureAnswer } from './_shared/failure.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/http.ts';
import { C2BConfirmation, isPathSecret, mpesaConfig, recordC2B } from './_shared/mpesa.ts';
import { GIFT_COMPLETERS } from './_shared/gift-mail.ts';
import { deliverAfterResponse } from './_shared/outbox.ts';

/** Handles one confirmation. */
export default async (req: Request, context: Context): Promise<Response> => {
  const config = mpesaConfig();
  if (!config || !isPathSecret(context.params['secret'] ?? '', config.pathSecret)) return error(404, 'Not found');
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const payment = C2BConfirmation.safeParse(body.value);
  if (!payment.success) return invalid(payment.error, 'Not a C2B confirmation');
  if (payment.data.BusinessShortCode !== config.paybill) {
    return error(400, 'Not a C2B confirmation', [{ path: 'BusinessShortCode', message: 'Not our Paybill number' }]);
  }
  try {
    const recorded = await recordC2B(payment.data, context);
    deliverAfterResponse(context, GIFT_COMPLETERS);
    return json({ ResultCode: 0, ResultDesc: 'Accepted', outcome: recorded.outcome });
  } catch (failure) {
    return failureAnswer(failure, '/api/payments/mpesa/c2b');
  }
};

export const config: Config = { path: '/api/payments/mpesa/c2b/:secret' };
