/**
 * A child leaving the programme, on the child's record in /samu:
 * - `GET  /api/admin/child-exits/:child` → `{exit}`: the exit (null when the child has not left), with its reason
 *   (staff only) and what each sponsor chose;
 * - `POST /api/admin/child-exits/:child` `{kind, reason, left_on}`: records it (201): the child leaves the site at
 *   the rebuild this asks for, each sponsorship commitment pauses (a card's Paystack subscription is disabled) and
 *   each sponsor is emailed; 409 when it is already recorded.
 */
import type { Config } from '@netlify/functions';
import { ChildExitSchema } from '../../src/schemas/child-exits.ts';
import { IdSchema, staffFunction } from './_shared/platform/admin-resource.ts';
import { childExit, recordExit } from './_shared/children/child-exits.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';

export default staffFunction(async (req, actor, context) => {
  const child = IdSchema.safeParse(context.params['child']);
  if (!child.success) return invalid(child.error, 'Malformed child id', 'child');
  if (req.method === 'GET') {
    const answer = await childExit(child.data);
    return answer ? json(answer) : error(404, 'Child not found');
  }
  if (req.method !== 'POST') return methodNotAllowed(['GET', 'POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const exit = ChildExitSchema.safeParse(body.value);
  if (!exit.success) return invalid(exit.error, 'Invalid exit');
  const outcome = await recordExit(child.data, exit.data, actor, new Date(), context);
  if (!outcome.ok) return error(outcome.status, outcome.message);
  if (outcome.emailed > 0) deliverAfterResponse(context);
  return json({ paused: outcome.paused, emailed: outcome.emailed }, 201);
});

export const config: Config = { path: '/api/admin/child-exits/:child' };
