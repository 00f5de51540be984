/**
 * Sponsors' letters in /samu:
 * - `GET  /api/admin/letters?state=review`: the letters in a state (review by default), with the count of each state;
 *   `?child=<id>`: every letter to that child;
 *   `?child=<id>`: every letter to that child;
 * - `GET  /api/admin/letters/:id/photo`: the photo a sponsor sent with a letter;
 * - `POST /api/admin/letters/:id/approve` (`{body, confirmed}`): approves it once every contact detail found in it is
 *   removed or confirmed (409 with the findings otherwise);
 * - `POST /api/admin/letters/:id/changes` or `/decline` (`{reason}`): returns it to the sponsor, who is emailed why;
 * - `GET  /api/admin/letters/batch`: the approved letters as one PDF to print for the field visit;
 * - `POST /api/admin/letters/delivered` (`{ids}`): marks those approved letters delivered.
 */
import type { Config } from '@netlify/functions';
import type { z } from 'zod';
import { ApproveSchema, DeliveredSchema, LETTER_STATES, ReturnSchema } from '../../src/schemas/letters.ts';
import { IdSchema, staffFunction } from './_shared/platform/admin-resource.ts';
import { answer, error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import {
  approvedLettersPdf,
  approveLetter,
  letterPhoto,
  lettersFor,
  markDelivered,
  returnLetter,
  type ReviewOutcome,
} from './_shared/children/sponsor-letters.ts';

async function readBody<S extends z.ZodType>(
  req: Request,
  schema: S,
): Promise<{ data: z.output<S> } | { response: Response }> {
  const body = await readJsonBody(req);
  if (!body.ok) return { response: body.response };
  const parsed = schema.safeParse(body.value);
  return parsed.success ? { data: parsed.data } : { response: invalid(parsed.error, 'Invalid request') };
}

function reviewAnswer(outcome: ReviewOutcome): Response {
  if (outcome.ok) return json(outcome.letter);
  const issues = outcome.findings?.map((finding) => ({ path: finding.kind, message: finding.text }));
  return error(outcome.status, outcome.message, issues);
}

export default staffFunction(async (req, actor, context) => {
  const path = new URL(req.url).pathname.replace(/\/+$/, '');
  if (path === '/api/admin/letters') {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    const params = new URL(req.url).searchParams;
    const child = params.get('child');
    if (child !== null) {
      const id = IdSchema.safeParse(child);
      return id.success
        ? json(await lettersFor({ childId: id.data }))
        : invalid(id.error, 'Malformed child id', 'child');
    }
    const state = params.get('state') ?? 'review';
    const known = LETTER_STATES.find((candidate) => candidate === state);
    if (!known) return error(400, `Unknown state: choose one of ${LETTER_STATES.join(', ')}`);
    return json(await lettersFor({ state: known }));
  }
  if (path === '/api/admin/letters/batch') {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    const batch = await approvedLettersPdf();
    if (!batch) return error(404, 'No approved letter is waiting to be delivered');
    return answer(new Uint8Array(batch.pdf), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="letters-for-the-field-visit.pdf"',
      'Cache-Control': 'no-store',
      'X-Letter-Ids': batch.ids.join(','),
    });
  }
  if (path === '/api/admin/letters/delivered') {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const body = await readBody(req, DeliveredSchema);
    if ('response' in body) return body.response;
    return json({ delivered: await markDelivered(body.data.ids, actor) });
  }
  const id = IdSchema.safeParse(context.params['id']);
  if (!id.success) return invalid(id.error, 'Malformed letter id', 'id');
  const action = context.params['action'];
  if (action === 'photo') {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    const photo = await letterPhoto(id.data);
    if (!photo) return error(404, 'This letter has no photo');
    return answer(new Uint8Array(photo.bytes), 200, {
      'Content-Type': photo.type,
      'Cache-Control': 'private, no-store',
    });
  }
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  if (action === 'approve') {
    const body = await readBody(req, ApproveSchema);
    if ('response' in body) return body.response;
    return reviewAnswer(await approveLetter(id.data, actor, body.data.body, body.data.confirmed));
  }
  if (action === 'changes' || action === 'decline') {
    const body = await readBody(req, ReturnSchema);
    if ('response' in body) return body.response;
    const outcome = await returnLetter(id.data, actor, action === 'changes' ? 'changes' : 'declined', body.data.reason);
    if (outcome.ok) deliverAfterResponse(context);
    return reviewAnswer(outcome);
  }
  return error(404, 'Not found');
});

export const config: Config = {
  path: [
    '/api/admin/letters',
    '/api/admin/letters/batch',
    '/api/admin/letters/delivered',
    '/api/admin/letters/:id/:action',
  ],
};
