/**
 * `GET /api/admin/outbox`: the notification emails, newest first (`status`, `limit`, `cursor`), with the count of each
 * status and whether sending is on. `POST /api/admin/outbox/resend` `{id}`: send one again, now.
 */
import type { Config } from '@netlify/functions';
import { outboxQuery, resendInput, type OutboxAnswer } from '../../src/schemas/notifications.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { GIFT_COMPLETERS } from './_shared/gifts/gift-mail.ts';
import { deliverAfterResponse, listOutbox, outboxCounts, requeue, sendingEnabled } from './_shared/platform/outbox.ts';

export default staffFunction(async (req, _actor, context) => {
  const { pathname, searchParams } = new URL(req.url);
  if (pathname.replace(/\/+$/, '').endsWith('/resend')) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    const parsed = resendInput.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid resend request');
    const row = await requeue(parsed.data.id);
    if (row === undefined) return error(404, 'Notification not found');
    if (row === 'pending') return error(409, 'This notification is already waiting to be sent');
    deliverAfterResponse(context, GIFT_COMPLETERS);
    return json({ notification: row }, 202);
  }
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const parsed = outboxQuery.safeParse(Object.fromEntries(searchParams));
  if (!parsed.success) return invalid(parsed.error, 'Invalid outbox parameters');
  const [page, counts] = await Promise.all([listOutbox(parsed.data), outboxCounts()]);
  return json({
    outbox: page.rows,
    nextCursor: page.nextCursor,
    counts,
    sending: sendingEnabled(),
  } satisfies OutboxAnswer);
});

export const config: Config = { path: ['/api/admin/outbox', '/api/admin/outbox/resend'] };
