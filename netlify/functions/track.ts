/**
 * `POST /api/admin/track`: the one public call. Stores every accepted form as an event and, in the
 * same transaction, the record staff work from (subscriber, contact, volunteer or donation).
 */
import type { Config, Context } from '@netlify/functions';
import { isTrackType, trackRequest, TRACK_TYPES, type TrackRequest } from '../../src/schemas/track.ts';
import { clientId } from './_shared/client.ts';
import { transaction, type Queryable } from './_shared/db.ts';
import { badRequest, error, invalid, json, methodNotAllowed, readJsonBody, tooManyRequests } from './_shared/http.ts';
import { deliverAfterResponse, enqueueSubmission } from './_shared/outbox.ts';
import { hit, trackRateLimit } from './_shared/rate-limit.ts';

const ACCEPTED = { ok: true } as const;

/** Handles one tracking call. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);

  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const raw = body.value;
  if (!isRecord(raw)) return badRequest('Request body must be a JSON object');

  // A filled honeypot is a bot: answer as if accepted so it learns nothing, and store nothing.
  if (typeof raw['website'] === 'string' && raw['website'].trim() !== '') return json(ACCEPTED, 202);

  try {
    const limit = await hit('track', clientId(context), trackRateLimit());
    if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);

    if (!isTrackType(raw['type'])) {
      return badRequest('Unknown type', [{ path: 'type', message: `Expected one of ${TRACK_TYPES.join(', ')}` }]);
    }
    const parsed = trackRequest.safeParse(raw);
    if (!parsed.success) return invalid(parsed.error, 'Invalid payload');

    await transaction((tx) => store(tx, parsed.data));
    deliverAfterResponse(context);
    return json(ACCEPTED, 202);
  } catch (failure) {
    // Only the database can fail past validation; the transaction has rolled back, so nothing is half-stored.
    console.error('track: database error', failure);
    return error(503, 'The service is temporarily unavailable; please try again later');
  }
};

export const config: Config = { path: '/api/admin/track' };

/**
 * Writes the event, its record and the staff notification about it; the caller's transaction makes the three
 * all-or-nothing, so a notification is never lost and never sent for something that was not stored.
 */
async function store(tx: Queryable, request: TrackRequest): Promise<void> {
  const [event] = await tx.query<{ id: string }>(
    'insert into events (type, payload) values ($1, $2) returning id::text as id',
    [request.type, request.payload],
  );
  if (!event) throw new Error('insert into events returned no row');
  const recordId = await storeRecord(tx, request);
  await enqueueSubmission(tx, request, { eventId: event.id, recordId });
}

/** Writes the record staff work from; its id, or null when the form has no record of its own. */
async function storeRecord(tx: Queryable, request: TrackRequest): Promise<string | null> {
  let rows: { id: string }[];
  switch (request.type) {
    case 'newsletter_subscribe': {
      const { email, name } = request.payload;
      rows = await tx.query(
        `insert into newsletter_subscribers (email, name) values ($1, $2)
         on conflict (lower(email)) do update set name = coalesce(excluded.name, newsletter_subscribers.name)
         returning id::text as id`,
        [email, name ?? null],
      );
      break;
    }
    case 'contact_submit': {
      const { name, email, subject, type, message } = request.payload;
      rows = await tx.query(
        'insert into contacts (name, email, subject, type, message) values ($1, $2, $3, $4, $5) returning id::text as id',
        [name, email, subject, type, message],
      );
      break;
    }
    case 'volunteer_application':
    case 'school_volunteer_application':
    case 'internship_application': {
      const { name, email, ...rest } = request.payload;
      rows = await tx.query(
        'insert into volunteers (name, email, details) values ($1, $2, $3) returning id::text as id',
        [name, email, { ...rest, form: request.type }],
      );
      break;
    }
    case 'donation_intent': {
      const { name, amount, anonymous } = request.payload;
      rows = await tx.query(
        'insert into donations (donor_name, amount, currency) values ($1, $2, $3) returning id::text as id',
        [anonymous ? null : name, amount, 'USD'],
      );
      break;
    }
    case 'sponsorship_application':
      // Staff follow sponsorships from the event itself; spec §3 has no separate sponsorship record.
      return null;
  }
  return rows[0]?.id ?? null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
