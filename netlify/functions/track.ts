/**
 * `POST /api/admin/track`: the one public call. Stores every accepted form as an event and, in the
 * same transaction, the record staff work from (subscriber, contact, volunteer or donation). A form posted by the
 * browser itself (form-encoded, JavaScript off) goes through the same checks and is answered with a redirect to
 * its success page or a page listing what to fix.
 */
import type { Config, Context } from '@netlify/functions';
import { trackBodyFromForm } from '../../src/lib/forms.ts';
import { isTrackType, trackRequest, TRACK_TYPES, type TrackRequest } from '../../src/schemas/track.ts';
import { clientId } from './_shared/platform/client.ts';
import { transaction } from './_shared/platform/db.ts';
import {
  formAccepted,
  formProblem,
  isFormContentType,
  formTooLarge,
  languageOf,
  readFormBody,
} from './_shared/platform/form-answer.ts';
import {
  error,
  json,
  methodNotAllowed,
  readJsonBody,
  tooManyRequests,
  zodIssues,
  type Issue,
} from './_shared/platform/http.ts';
import { logFailure } from './_shared/platform/log.ts';
import { ConfirmationLimited } from './_shared/people/newsletter.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import { hit, trackRateLimit } from './_shared/platform/rate-limit.ts';
import { firstArrival, storeSubmission } from './_shared/applications/submissions.ts';

const ACCEPTED = { ok: true } as const;

/**
 * How one request is answered: JSON for scripts; for a browser's own form post, a redirect, or the form's page
 * again holding what was sent.
 */
type Answers = {
  /** `request` is what was stored (none for a bot's honeypot post). */
  accepted: (request?: TrackRequest) => Response;
  problem: (status: number, message: string, issues?: Issue[]) => Response | Promise<Response>;
  /** 429: the client's rate, or the reason given in `message` with `issues`. */
  tooMany: (retryAfterSeconds: number, message?: string, issues?: Issue[]) => Response | Promise<Response>;
};

/** Handles one tracking call. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'POST') return methodNotAllowed(['POST']);

  let raw: unknown;
  let answers: Answers;
  if (isFormContentType(req.headers.get('content-type'))) {
    const body = await readFormBody(req);
    if (body.status === 'too-large') return formTooLarge(req);
    const { fields } = body;
    raw = trackBodyFromForm(fields);
    const type = (raw as { type: string }).type;
    answers = {
      accepted: (request) => formAccepted(type, request?.payload, languageOf(fields)),
      problem: (status, message, issues) => formProblem(req, type, { status, message, issues, fields }),
      tooMany: (seconds, message, issues) =>
        formProblem(req, type, {
          status: 429,
          message: message ?? `Too many forms came from your connection; try again in ${seconds} s.`,
          issues,
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
      await storeSubmission(tx, parsed.data);
    });
    deliverAfterResponse(context);
    return answers.accepted(parsed.data);
  } catch (failure) {
    if (failure instanceof ConfirmationLimited) {
      const issues = [{ path: 'payload.email', message: failure.message }];
      return answers.tooMany(failure.retryAfterSeconds, failure.message, issues);
    }
    // Only the database can fail past validation; the transaction has rolled back, so nothing is half-stored.
    logFailure('track: database error', failure);
    return answers.problem(503, 'The service is temporarily unavailable; please try again later');
  }
};

export const config: Config = { path: '/api/admin/track' };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
