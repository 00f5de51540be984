/**
 * Storing one accepted public form (`/api/admin/track`, and the donate and sponsor forms through
 * `/api/payments/checkout`): its event, the consent it was sent under, the record staff work from and the staff
 * notification, all in the caller's transaction.
 */
import { consentWording, PRIVACY_NOTICE_VERSION } from '../../../../src/lib/privacy.ts';
import type { TrackRequest } from '../../../../src/schemas/track.ts';
import { dueAt, isApplicationKind } from '../../../../src/lib/applications.ts';
import { acknowledge } from './applications.ts';
import type { Queryable } from '../platform/db.ts';
import { signUp } from '../people/newsletter.ts';
import { enqueueSubmission } from '../platform/outbox.ts';

/**
 * Writes the event, the consent it was sent under, its record and the staff notification about it; the caller's
 * transaction makes them all-or-nothing, so a notification is never lost and never sent for something that was not stored.
 */
export async function storeSubmission(
  tx: Queryable,
  request: TrackRequest,
): Promise<{ eventId: string; recordId: string | null }> {
  const [event] = await tx.query<{ id: string; ts: Date | string }>(
    'insert into events (type, payload) values ($1, $2) returning id::text as id, ts',
    [request.type, request.payload],
  );
  if (!event) throw new Error('insert into events returned no row');
  await tx.query(
    'insert into consent_records (form, event_id, email, notice_version, wording) values ($1, $2, $3, $4, $5)',
    [
      request.type,
      event.id,
      request.payload.email,
      PRIVACY_NOTICE_VERSION,
      consentWording(request.language, request.type),
    ],
  );
  const recordId = await storeRecord(tx, request, new Date(event.ts));
  await enqueueSubmission(tx, request, { eventId: event.id, recordId });
  if (recordId && isApplicationKind(request.type)) {
    const { name, email } = request.payload as { name: string; email?: string | undefined };
    await acknowledge(tx, {
      id: recordId,
      kind: request.type,
      name,
      email: email ?? null,
      ts: new Date(event.ts),
      language: request.language,
    });
  }
  return { eventId: event.id, recordId };
}

/** Writes the record staff work from; its id, or null when the form has no record of its own. */
async function storeRecord(tx: Queryable, request: TrackRequest, arrived: Date): Promise<string | null> {
  let rows: { id: string }[];
  switch (request.type) {
    case 'newsletter_subscribe':
      // Pending until the person opens the confirmation link; the answer is the same whether the address was known.
      await signUp(tx, {
        email: request.payload.email,
        name: request.payload.name,
        source: request.type,
        language: request.language,
      });
      return null;
    case 'contact_submit': {
      const { name, email, subject, type, message } = request.payload;
      rows = await tx.query(
        `insert into contacts (name, email, subject, type, message, language) values ($1, $2, $3, $4, $5, $6)
         returning id::text as id`,
        [name, email, subject, type, message, request.language],
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
        `insert into volunteers (ts, name, email, details, due_at, language) values ($1, $2, $3, $4, $5, $6)
         returning id::text as id`,
        [arrived, name, email, { ...rest, form: request.type }, dueAt(request.type, arrived), request.language],
      );
      break;
    }
    case 'donation_intent': {
      const { name, email, amount, anonymous, newsletter } = request.payload;
      if (newsletter) await signUp(tx, { email, name, source: request.type, language: request.language });
      rows = await tx.query(
        'insert into donations (donor_name, amount, currency, language) values ($1, $2, $3, $4) returning id::text as id',
        [anonymous ? null : name, amount, 'USD', request.language],
      );
      break;
    }
  }
  return rows[0]?.id ?? null;
}

/** Records a submission id the browser made, in the caller's transaction; false when it was recorded before (a resend). */
export async function firstArrival(tx: Queryable, submissionId: string): Promise<boolean> {
  const rows = await tx.query(
    'insert into form_submissions (submission_id) values ($1) on conflict do nothing returning submission_id',
    [submissionId],
  );
  return rows.length === 1;
}
