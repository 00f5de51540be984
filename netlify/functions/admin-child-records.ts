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
import { CONSENT_FORM_VERSION, ENDING_SOON_DAYS } from '../../src/lib/consent.ts';
import { nairobiToday } from '../../src/lib/events.ts';
import {
  ConsentSchema,
  SponsorshipEndSchema,
  SponsorshipSchema,
  WithdrawalSchema,
} from '../../src/schemas/children.ts';
import { IdSchema, staffFunction } from './_shared/platform/admin-resource.ts';
import { childChanged, consentsEnding, plainTrailEntry, rebuildForChild } from './_shared/children/children.ts';
import { commitmentForStaffSponsorship, sponsorshipEndedByStaff } from './_shared/gifts/commitment-decisions.ts';
import { query, transaction, type Queryable } from './_shared/platform/db.ts';
import { answer, error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { consentFormPdf } from './_shared/children/consent-form.ts';

type Child = { id: string; slug: string };

const PARTS = ['history', 'consent-form', 'consents', 'consent-withdrawal', 'sponsorship', 'sponsorship-end'] as const;

async function lockChild(tx: Queryable, id: string): Promise<Child | undefined> {
  const [child] = await tx.query<Child>('select id::text as id, slug from children where id = $1 for update', [id]);
  return child;
}

export { consentsEnding };

async function history(id: string): Promise<Response> {
  const [child] = await query<Child>('select id::text as id, slug from children where id = $1', [id]);
  if (!child) return error(404, 'Child not found');
  const consents = await query(
    `select id::text as id, ts, guardian_name, guardian_relation, given_on::text as given_on,
       valid_until::text as valid_until, covers, form_ref, recorded_by, withdrawn_at, withdrawn_by, withdrawal_note,
       wording_version
     from child_consents where child_id = $1 order by id desc`,
    [id],
  );
  const sponsorships = await query(
    `select id::text as id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, state, started_at,
       ended_at, gift_ref, created_by
     from sponsorships where child_id = $1 order by id desc`,
    [child.slug],
  );
  const trail = await query<{ id: string; ts: Date; type: string; actor: string | null; change: string | null }>(
    `select id::text as id, ts, type, payload->>'actor' as actor, payload->>'change' as change
     from events where type like 'admin.children.%' and payload->>'child' = $1 order by id desc limit 200`,
    [child.slug],
  );
  return json({ consents, sponsorships, trail: trail.map(plainTrailEntry) });
}

/** The consent form to print for the child, named for them; 404 for an unknown child. */
async function consentForm(id: string): Promise<Response> {
  const [child] = await query<{ name: string; slug: string }>('select name, slug from children where id = $1', [id]);
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
  const consent = body.data;
  const child = await transaction(async (tx) => {
    const found = await lockChild(tx, id);
    if (!found) return undefined;
    await tx.query(
      `insert into child_consents (child_id, guardian_name, guardian_relation, given_on, valid_until, covers, form_ref,
         recorded_by, wording_version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        consent.guardian_name,
        consent.guardian_relation,
        consent.given_on,
        consent.valid_until,
        consent.covers,
        consent.form_ref,
        actor,
        CONSENT_FORM_VERSION,
      ],
    );
    await childChanged(
      tx,
      actor,
      found,
      `consent recorded (${consent.form_ref}): covers ${consent.covers.join(', ')} until ${consent.valid_until}`,
    );
    return found;
  });
  if (!child) return error(404, 'Child not found');
  await rebuildForChild(child.slug, 'consent recorded', context);
  return json({ ok: true }, 201);
}

async function withdraw(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, WithdrawalSchema, 'withdrawal');
  if ('response' in body) return body.response;
  const outcome = await transaction(async (tx) => {
    const child = await lockChild(tx, id);
    if (!child) return 'missing' as const;
    const withdrawn = await tx.query<{ form_ref: string }>(
      `update child_consents set withdrawn_at = now(), withdrawn_by = $2, withdrawal_note = $3
       where child_id = $1 and withdrawn_at is null returning form_ref`,
      [id, actor, body.data.note],
    );
    if (withdrawn.length === 0) return 'none' as const;
    await childChanged(
      tx,
      actor,
      child,
      `consent withdrawn (${withdrawn.map((row) => row.form_ref).join(', ')}): taken off the site`,
    );
    return child;
  });
  if (outcome === 'missing') return error(404, 'Child not found');
  if (outcome === 'none') return error(409, 'This child has no consent to withdraw');
  await rebuildForChild(outcome.slug, 'consent withdrawn', context);
  return json({ ok: true });
}

async function sponsor(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, SponsorshipSchema, 'sponsorship');
  if ('response' in body) return body.response;
  const given = body.data;
  const outcome = await transaction(async (tx) => {
    const child = await lockChild(tx, id);
    if (!child) return 'missing' as const;
    const [active] = await tx.query('select 1 from sponsorships where child_id = $1 and state = $2', [
      child.slug,
      'active',
    ]);
    if (active) return 'taken' as const;
    const [made] = await tx.query<{ id: string }>(
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, started_at, created_by)
       values ($1, $2, nullif($3, ''), $4, $5, $6, coalesce(nullif($7, '')::timestamptz, now()), $8)
       returning id::text as id`,
      [
        child.slug,
        given.sponsor_name,
        given.sponsor_email,
        given.amount * 100,
        given.currency,
        given.frequency,
        given.since,
        `staff:${actor}`,
      ],
    );
    if (made) await commitmentForStaffSponsorship(tx, made.id, new Date());
    await tx.query(`update children set programme = 'in' where id = $1`, [id]);
    await childChanged(
      tx,
      actor,
      child,
      `sponsored (${given.frequency}, ${given.currency} ${given.amount}), recorded by staff`,
    );
    return child;
  });
  if (outcome === 'missing') return error(404, 'Child not found');
  if (outcome === 'taken') return error(409, 'This child already has an active sponsorship; end it first');
  await rebuildForChild(outcome.slug, 'sponsorship recorded', context);
  return json({ ok: true }, 201);
}

async function endSponsorship(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readBody(req, SponsorshipEndSchema, 'request');
  if ('response' in body) return body.response;
  const { left } = body.data;
  const outcome = await transaction(async (tx) => {
    const child = await lockChild(tx, id);
    if (!child) return 'missing' as const;
    const ended = await tx.query(
      `update sponsorships set state = 'ended', ended_at = now(), updated_at = now()
       where child_id = $1 and state = 'active' returning id::text as id`,
      [child.slug],
    );
    if (ended.length === 0) return 'none' as const;
    for (const row of ended) await sponsorshipEndedByStaff(tx, String(row['id']), `staff:${actor}`, new Date());
    if (left) await tx.query(`update children set programme = 'left' where id = $1`, [id]);
    await childChanged(
      tx,
      actor,
      child,
      left ? 'sponsorship ended: left the programme' : 'sponsorship ended: waiting again',
    );
    return child;
  });
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
  return endSponsorship(req, id.data, actor, context);
});

export const config: Config = { path: ['/api/admin/children/:id/:part', '/api/admin/consents-ending'] };
