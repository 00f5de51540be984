/**
 * Safaricom Daraja's C2B callbacks for money sent straight to the Paybill, at two addresses that carry the path
 * secret (a wrong one is a 404: the address does not exist for anyone who does not know it):
 *
 * - `POST /api/payments/mpesa/c2b/:secret/validation`, asked before the payment happens when external validation is
 *   switched on for the Paybill: a payload that could not be recorded (an amount with three decimals, an impossible
 *   date, a number far too long, another short code) gets Daraja's documented rejection code, so no money moves;
 *   anything else is accepted, small amounts too.
 * - `POST /api/payments/mpesa/c2b/:secret`, the confirmation of a completed payment: recorded once per TransID and
 *   answered `{ResultCode: 0, ResultDesc}`; a payload of the wrong shape or for another short code is a 400 with the
 *   same rejection code, never a 5xx.
 */
import type { Config, Context } from '@netlify/functions';
import { failureAnswer } from './_shared/platform/failure.ts';
import { json, error, methodNotAllowed, readJsonBody, zodIssues, type Issue } from './_shared/platform/http.ts';
import {
  C2B_RESULT,
  C2BConfirmation,
  c2bRejection,
  isPathSecret,
  mpesaConfig,
  recordC2B,
} from './_shared/gifts/mpesa.ts';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';

/** Handles one validation or confirmation. */
export default async (req: Request, context: Context): Promise<Response> => {
  const config = mpesaConfig();
  if (!config || !isPathSecret(context.params['secret'] ?? '', config.pathSecret)) return error(404, 'Not found');
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const validation = new URL(req.url).pathname.endsWith('/validation');
  const body = await readJsonBody(req);
  if (!body.ok) return validation ? json(C2B_RESULT.otherError) : body.response;
  const payment = C2BConfirmation.safeParse(body.value);
  let issues: Issue[] = [];
  if (!payment.success) issues = zodIssues(payment.error);
  else if (payment.data.BusinessShortCode !== config.paybill) {
    issues = [{ path: 'BusinessShortCode', message: 'Not our Paybill number' }];
  }
  if (issues.length > 0) {
    const rejection = c2bRejection(issues[0]?.path.split('.')[0]);
    // Daraja reads a validation answer only when it is a 200.
    if (validation) return json(rejection);
    return json({ ...rejection, error: 'Not a C2B confirmation', issues }, 400);
  }
  if (validation || !payment.success) return json(C2B_RESULT.accepted);
  try {
    const recorded = await recordC2B(payment.data, context);
    deliverAfterResponse(context, GIFT_COMPLETERS);
    return json({ ResultCode: 0, ResultDesc: 'Accepted', outcome: recorded.outcome });
  } catch (failure) {
    return failureAnswer(failure, '/api/payments/mpesa/c2b');
  }
};

export const config: Config = {
  path: ['/api/payments/mpesa/c2b/:secret', '/api/payments/mpesa/c2b/:secret/validation'],
};
