/**
 * What hangs off a child record in /samu:
 * - `GET  /api/admin/children/<id>/history`: every consent (withdrawn ones too), every sponsorship and the audit trail;
 * - `GET  /api/admin/children/<id>/consent-form`: the guardian consent form to print, Kiswahili and English (PDF);
 * - `POST /api/admin/children/<id>/consents`: a new consent (renewal, or a change of what it covers);
 * - `POST /api/admin/children/<id>/consent-withdrawal`: withdraws the current consent, kept on record;
 * - `POST /api/admin/children/<id>/sponsorship`: staff record a sponsorship; `.../sponsorship-end` ends it;
 * - `GET  /api/admin/consents-ending`: consents whose last day falls within the next 30 days (Nairobi dates).
 * Every write is audited and asks for the site build that makes the public pages follow.
 */
import type { Config, Context } from '@netlify/functions';
import type { z } from 'zod';
import { ENDING_SOON_DAYS } from '../../src/lib/consent.ts';
import { nairobiToday } from '../../src/lib/events.ts';
import {
  ConsentSchema,
  SponsorshipEndSchema,
  SponsorshipSchema,
  WithdrawalSchema,
} from '../../src/schemas/children.ts';
import { IdSchema, staffFunction } from './_shared/platform/admin-resource.ts';
import { consentsEnding, rebuildForChild } from './_shared/children/children.ts';
import { recordConsent, withdrawConsent } from './_shared/children/child-consents.ts';
import { childHistory, childNamed } from './_shared/children/child-records.ts';
import { endSponsorship, recordSponsorship } from './_shared/children/staff-sponsorships.ts';
import { answer, error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { consentFormPdf } from './_shared/children/consent-form.ts';

const PARTS = ['history', 'consent-form', 'consents', 'consent-withdrawal', 'sponsorship', 'sponsorship-end'] as const;

export { consentsEnding };

async function history(id: string): Promise<Response> {
  const found = await childHistory(id);
  if (!found) return error(404, 'Child not found');
  return json(found);
}

/** The consent form to print for the child, named for them; 404 for an unknown child. */
async function consentForm(id: string): Promise<Response> {
  const child = await childNamed(id);
  if (!child) return error(404, 'Child not found');
  const pdf = await consentFormPdf({ name: child.name });
  return answer(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `attachment; filename="consent-form-${child.slug}.pdf"`,
    'Cache-Control': 'no-store',
  });
}

async function readBody<S extends z.ZodType>(
  req: Request,
  schema: S,
  what: string,
): Promise<{ data: z.output<S> } | { response: Response }> {
  const body = await readJsonBody(req);
  if (!body.ok) return { response: body.response };
  const parsed = schema.safeParse(body.value);
  if (!parsed.success) return { response: invalid(parsed.error, `Invalid ${what}`) };
  return { data: parsed.data };
}

async function addConsent(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, ConsentSchema, 'consent');
  if ('response' in body) return body.response;
  const child = await recordConsent(id, body.data, actor);
  if (!child) return error(404, 'Child not found');
  await rebuildForChild(child.slug, 'consent recorded', context);
  return json({ ok: true }, 201);
}

async function withdraw(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, WithdrawalSchema, 'withdrawal');
  if ('response' in body) return body.response;
  const outcome = await withdrawConsent(id, body.data.note, actor);
  if (outcome === 'missing') return error(404, 'Child not found');
  if (outcome === 'none') return error(409, 'This child has no consent to withdraw');
  await rebuildForChild(outcome.slug, 'consent withdrawn', context);
  return json({ ok: true });
}

async function sponsor(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, SponsorshipSchema, 'sponsorship');
  if ('response' in body) return body.response;
  const outcome = await recordSponsorship(id, body.data, actor);
  if (outcome === 'missing') return error(404, 'Child not found');
  if (outcome === 'taken') return error(409, 'This child already has an active sponsorship; end it first');
  await rebuildForChild(outcome.slug, 'sponsorship recorded', context);
  return json({ ok: true }, 201);
}

async function unsponsor(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, SponsorshipEndSchema, 'request');
  if ('response' in body) return body.response;
  const outcome = await endSponsorship(id, body.data.left, actor);
  if (outcome === 'missing') return error(404, 'Child not found');
  if (outcome === 'none') return error(409, 'This child has no active sponsorship');
  await rebuildForChild(outcome.slug, 'sponsorship ended', context);
  return json({ ok: true });
}

export default staffFunction(async (req, actor, context) => {
  if (new URL(req.url).pathname === '/api/admin/consents-ending') {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    return json({ consents: await consentsEnding(nairobiToday()), days: ENDING_SOON_DAYS });
  }
  const part = PARTS.find((candidate) => candidate === context.params['part']);
  if (!part) return error(404, 'Not found');
  const id = IdSchema.safeParse(context.params['id']);
  if (!id.success) return invalid(id.error, 'Malformed id', 'id');
  if (part === 'history') return req.method === 'GET' ? history(id.data) : methodNotAllowed(['GET']);
  if (part === 'consent-form') return req.method === 'GET' ? consentForm(id.data) : methodNotAllowed(['GET']);
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  if (part === 'consents') return addConsent(req, id.data, actor, context);
  if (part === 'consent-withdrawal') return withdraw(req, id.data, actor, context);
  if (part === 'sponsorship') return sponsor(req, id.data, actor, context);
  return unsponsor(req, id.data, actor, context);
});

export const config: Config = { path: ['/api/admin/children/:id/:part', '/api/admin/consents-ending'] };
