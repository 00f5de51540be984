/**
 * Commitments for staff:
 * - `GET /api/admin/commitments[?before=<id>&limit=<n>]`: a page of monthly gifts and sponsorships, newest first,
 *   with their latest instalments and state; on the first page the sponsors staff are asked to contact; and how many
 *   are in each state;
 * - `POST /api/admin/commitments/decide`: a staff decision (end, pause, resume, or "sponsor contacted"), audited;
 *   ending a sponsorship puts the child back on the waiting lists and asks for the site rebuild.
 */
import type { Config } from '@netlify/functions';
import { CommitmentDecision, CommitmentPageQuery, type CommitmentList } from '../../src/schemas/commitments.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { countCommitments, listCommitments, staffDecision } from './_shared/gifts/commitment-decisions.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';

/** Dates as ISO strings, as every API answer gives them. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

export default staffFunction(async (req, actor, context) => {
  const path = new URL(req.url).pathname.replace(/\/$/, '');
  if (path.endsWith('/decide')) {
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    const parsed = CommitmentDecision.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid decision');
    const { id, action, note } = parsed.data;
    const outcome = await staffDecision(id, action, `staff:${actor}`, note, new Date(), context);
    if (outcome === undefined) return error(404, 'No such commitment');
    if (typeof outcome === 'string') return error(409, outcome);
    return json({ commitment: plain(outcome) });
  }
  if (req.method !== 'GET') return methodNotAllowed(['GET']);
  const asked = CommitmentPageQuery.safeParse(Object.fromEntries(new URL(req.url).searchParams));
  if (!asked.success) return invalid(asked.error, 'Invalid page');
  const [page, counts] = await Promise.all([listCommitments(asked.data), countCommitments()]);
  return json({ ...(plain(page) as Omit<CommitmentList, 'counts'>), counts } satisfies CommitmentList);
});

export const config: Config = { path: ['/api/admin/commitments', '/api/admin/commitments/decide'] };
