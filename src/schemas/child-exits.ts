/**
 * A child leaving the programme, recorded by staff on the child's record in /samu: the payload of the form and the
 * answer the record reads (the exit, and what each sponsor chose). The reason is for staff only; no answer to a
 * sponsor or a public page carries it.
 */
import { z } from 'zod';
import { day } from './fields.ts';

// No compiled validators: zod would build them with `new Function`, which the pages' Content-Security-Policy forbids.
z.config({ jitless: true });

/** Whether the exit was expected (the child finished school, the family planned a move) or not. */
export const EXIT_KINDS = ['planned', 'unplanned'] as const;

/** How each kind of exit reads. */
export const EXIT_KIND_LABELS: Readonly<Record<(typeof EXIT_KINDS)[number], string>> = {
  planned: 'Planned',
  unplanned: 'Unplanned',
};

/** Days a sponsor has to answer the exit email before the one reminder. */
export const EXIT_REMINDER_DAYS = 30;
/** Days after the reminder before an unanswered sponsorship ends. */
export const EXIT_END_DAYS_AFTER_REMINDER = 14;

/** What staff record when a child leaves. */
export const ChildExitSchema = z.object({
  /** @example "planned" */
  kind: z.enum(EXIT_KINDS, 'Choose whether the exit was planned'),
  /** Kept for staff only: never in an email to a sponsor or on a page. @example "The family moved to Kisumu." */
  reason: z.string().trim().min(1, 'Write the reason (staff only)').max(2000, 'At most 2000 characters'),
  /** The day the child left. @example "2026-11-27" */
  left_on: day('Date they left'),
});
export type ChildExitInput = z.output<typeof ChildExitSchema>;

/** What a sponsor chose when their child left. */
export const EXIT_CHOICES = ['waiting', 'moved', 'ended', 'unanswered'] as const;
/** One of {@link EXIT_CHOICES}. */
export type ExitChoice = (typeof EXIT_CHOICES)[number];

/** One sponsor's offer as staff see it. */
export const ExitOfferRow = z.object({
  commitment_id: z.string(),
  sponsor_name: z.string().nullable(),
  method: z.string(),
  emailed_at: z.string(),
  reminded_at: z.string().nullable(),
  subscription_disabled_at: z.string().nullable(),
  subscription_problem: z.string().nullable(),
  choice: z.enum(EXIT_CHOICES),
  moved_to_name: z.string().nullable(),
  chosen_at: z.string().nullable(),
});
export type ExitOfferRow = z.output<typeof ExitOfferRow>;

/** The child's exit (null when they have not left) and each sponsor's choice. */
export const ChildExitAnswer = z.object({
  exit: z
    .object({
      kind: z.enum(EXIT_KINDS),
      reason: z.string(),
      left_on: z.string(),
      recorded_by: z.string(),
      recorded_at: z.string(),
      offers: z.array(ExitOfferRow),
    })
    .nullable(),
});
export type ChildExitAnswer = z.output<typeof ChildExitAnswer>;

/** How a sponsor's choice reads to staff ("moved to" is followed by the child's name). */
export function exitChoiceText(offer: Pick<ExitOfferRow, 'choice' | 'moved_to_name'>): string {
  if (offer.choice === 'moved') return `Moved to ${offer.moved_to_name ?? 'another child'}`;
  if (offer.choice === 'ended') return 'Ended by the sponsor';
  if (offer.choice === 'unanswered') return 'Ended after no answer';
  return 'Waiting for an answer';
}
