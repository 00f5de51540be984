/**
 * `POST /api/admin/track`: the one public call. Stores every accepted form as an event and, in the
 * same transaction, the record staff work from (subscriber, contact, application or donation) and, for an
 * application, the acknowledgement to the applicant. A form posted by the
 * browser itself (form-encoded, JavaScript off) goes through the same checks and is answered with a redirect to
 * its success page or a page listing what to fix.
 */
import type { Config, Context } from '@netlify/functions';
import { dueAt, isApplicationKind } from '../../src/lib/applications.ts';
import { trackBodyFromForm } from '../../src/lib/forms.ts';
import { CONSENT_WORDING, PRIVACY_NOTICE_VERSION } from '../../src/lib/privacy.ts';
import { isTrackType, trackRequest, TRACK_TYPES, type TrackRequest } from '../../src/schemas/track.ts';
import { clientId } from './_shared/client.ts';
import { transaction, type Queryable } from './_shared/db.ts';
import { formAccepted, formProblem, isFormContentType, MAX_FORM_BYTES, readFormBody } from './_shared/form-answer.ts';
import { error, json, methodNotAllowed, readJsonBody, tooManyRequests, zodIssues, type Issue } from './_shared/http.ts';
import { acknowledge } from './_shared/applications.ts';
import { logFailure } from './_shared/log.ts';
import { signUp } from './_shared/newsletter.ts';
import { deliverAfterResponse, enqueueSubmission } from './_shared/outbox.ts';
import { hit, trackRateLimit } from './_shared/rate-limit.ts';

const ACCEPTED = { ok: true } as const;

/**
 * How one request is answered: JSON for scripts; for a browser's own form post, a redirect, or the form's page
 * again holding what was sent.
 */
type Answers = {
  /** `request` is what was stored (none for a bot's honeypot post). */
  accepted: (request?: TrackRequest) => Response;
  problem: (status: number, message: string, issues?: Issue[]) => Response | Promise<Response>;
  tooMany: (retryAfterSeconds: number) => Response | Promise<Response>;
};

/** Handles one tracking call. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);

  let raw: unknown;
  let answers: Answers;
  if (isFormContentType(req.headers.get('content-type'))) {
    const body = await readFormBody(req);
    if (body.status === 'too-large') {
      return formProblem(req, undefined, {
        status: 413,
        message: `The form is larger than ${MAX_FORM_BYTES / 1024} KB.`,
      });
    }
    const { fields } = body;
    raw = trackBodyFromForm(fields);
    const type = (raw as { type: string }).type;
    answers = {
      accepted: (request) => formAccepted(type, request?.payload),
      problem: (status, message, issues) => formProblem(req, type, { status, message, issues, fields }),
      tooMany: (seconds) =>
        formProblem(req, type, {
          status: 429,
          message: `Too many forms came from your connection; try again in ${seconds} s.`,
          fields,
          headers: { 'Retry-After': String(seconds) },
        }),
    };
    if (body.status === 'unstorable') return answers.problem(400, 'Some text cannot be stored', body.issues);
  } else {
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    raw = body.value;
    answers = {
      accepted: () => json(ACCEPTED, 202),
      problem: (status, message, issues) => error(status, message, issues),
      tooMany: tooManyRequests,
    };
  }
  if (!isRecord(raw)) return answers.problem(400, 'Request body must be a JSON object');

  // A filled honeypot is a bot: answer as if accepted so it learns nothing, and store nothing.
  if (typeof raw['website'] === 'string' && raw['website'].trim() !== '') return answers.accepted();

  try {
    const limit = await hit('track', clientId(context), trackRateLimit());
    if (!limit.allowed) return answers.tooMany(limit.retryAfterSeconds);

    if (!isTrackType(raw['type'])) {
      return answers.problem(400, 'Unknown type', [
        { path: 'type', message: `Expected one of ${TRACK_TYPES.join(', ')}` },
      ]);
    }
    const parsed = trackRequest.safeParse(raw);
    if (!parsed.success) return answers.problem(400, 'Invalid payload', zodIssues(parsed.error));

    await transaction(async (tx) => {
      // A resent submission (same browser-made id) was stored the first time: store nothing more.
      if (parsed.data.submissionId && !(await firstArrival(tx, parsed.data.submissionId))) return;
      await store(tx, parsed.data);
    });
    deliverAfterResponse(context);
    return answers.accepted(parsed.data);
  } catch (failure) {
    // Only the database can fail past validation; the transaction has rolled back, so nothing is half-stored.
    logFailure('track: database error', failure);
    return answers.problem(503, 'The service is temporarily unavailable; please try again later');
  }
};

export const config: Config = { path: '/api/admin/track' };

/**
 * Writes the event, the consent it was sent under, its record and the staff notification about it; the caller's
 * transaction makes them all-or-nothing, so a notification is never lost and never sent for something that was not stored.
 */
async function store(tx: Queryable, request: TrackRequest): Promise<void> {
  const [event] = await tx.query<{ id: string; ts: Date | string }>(
    'insert into events (type, payload) values ($1, $2) returning id::text as id, ts',
    [request.type, request.payload],
  );
  if (!event) throw new Error('insert into events returned no row');
  await tx.query(
    'insert into consent_records (form, event_id, email, notice_version, wording) values ($1, $2, $3, $4, $5)',
    [request.type, event.id, request.payload.email, PRIVACY_NOTICE_VERSION, CONSENT_WORDING[request.type]],
  );
  const recordId = await storeRecord(tx, request, new Date(event.ts));
  await enqueueSubmission(tx, request, { eventId: event.id, recordId });
  if (recordId && isApplicationKind(request.type)) {
    const { name, email } = request.payload as { name: string; email?: string | undefined };
    await acknowledge(tx, { id: recordId, kind: request.type, name, email: email ?? null, ts: new Date(event.ts) });
  }
}

/** Writes the record staff work from; its id, or null when the form has no record of its own. */
async function storeRecord(tx: Queryable, request: TrackRequest, arrived: Date): Promise<string | null> {
  let rows: { id: string }[];
  switch (request.type) {
    case 'newsletter_subscribe':
      // Pending until the person opens the confirmation link; the answer is the same whether the address was known.
      await signUp(tx, { email: request.payload.email, name: request.payload.name, source: request.type });
      return null;
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
    case 'internship_application':
    case 'sponsorship_application': {
      // Every application joins the one queue, due when the promise its page made runs out.
      const { name, email, ...rest } = request.payload;
      rows = await tx.query(
        'insert into volunteers (ts, name, email, details, due_at) values ($1, $2, $3, $4, $5) returning id::text as id',
        [arrived, name, email, { ...rest, form: request.type }, dueAt(request.type, arrived)],
      );
      break;
    }
    case 'donation_intent': {
      const { name, email, amount, anonymous, newsletter } = request.payload;
      if (newsletter) await signUp(tx, { email, name, source: request.type });
      rows = await tx.query(
        'insert into donations (donor_name, amount, currency) values ($1, $2, $3) returning id::text as id',
        [anonymous ? null : name, amount, 'USD'],
      );
      break;
    }
  }
  return rows[0]?.id ?? null;
}

/** Records a submission id; false when it was recorded before (the submission is a resend). */
async function firstArrival(tx: Queryable, submissionId: string): Promise<boolean> {
  const rows = await tx.query(
    'insert into form_submissions (submission_id) values ($1) on conflict do nothing returning submission_id',
    [submissionId],
  );
  return rows.length === 1;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
