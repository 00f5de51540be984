/**
 * `POST /api/newsletter/unsubscribe-link`: the form of /newsletter/leave/ (or JSON `{email}`). When the address is on
 * the list it is sent its unsubscribe link; the answer is the same for a known and an unknown address, and so is its
 * time: the address is looked up after the answer has gone out, so nobody learns who subscribes. A browser's form
 * post lands on /newsletter/leave/sent/.
 */
import type { Config, Context } from '@netlify/functions';
import { unsubscribeLinkRequest } from '../../src/schemas/newsletter.ts';
import { clientId } from './_shared/platform/client.ts';
import { readSmallRequest } from './_shared/platform/form-answer.ts';
import { error, json, methodNotAllowed, seeOther, tooManyRequests } from './_shared/platform/http.ts';
import { sendUnsubscribeLink } from './_shared/people/newsletter.ts';
import { queueAfterResponse } from './_shared/platform/outbox.ts';
import { hit, trackRateLimit } from './_shared/platform/rate-limit.ts';

const SENT_PAGE = '/newsletter/leave/sent/';

/** Handles one request for an unsubscribe link. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const read = await readSmallRequest(req, unsubscribeLinkRequest, '/newsletter/leave/');
  if (read instanceof Response) return read;
  const { data, fromForm } = read;
  try {
    const limit = await hit('newsletter-link', clientId(context), trackRateLimit());
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  } catch (failure) {
    console.error('newsletter-unsubscribe-link: database error', failure);
    return error(503, 'The service is temporarily unavailable; please try again later');
  }
  await queueAfterResponse(context, 'newsletter-unsubscribe-link', (tx) => sendUnsubscribeLink(tx, data.email));
  if (fromForm) return seeOther(SENT_PAGE);
  return json({ ok: true }, 202);
};

export const config: Config = { path: '/api/newsletter/unsubscribe-link', method: 'POST' };
