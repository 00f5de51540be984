/**
 * A suspected personal-data breach as staff record it in /samu (Data Protection Act 2019, s.43: tell the Data
 * Commissioner within 72 hours of becoming aware), and the checklist shown beside it.
 */
import { z } from 'zod';

z.config({ jitless: true });

/** Hours from finding a breach to the Data Commissioner's deadline (s.43). */
export const REPORT_WITHIN_HOURS = 72;

/** The steps of the checklist, by key, in order. */
export const BREACH_CHECKLIST = [
  ['contained', 'Stop the breach and limit the harm (passwords changed, access removed, device wiped)'],
  ['assessed', 'Work out what data, whose, and how many people, and the risk to them'],
  ['commissioner', 'Tell the Office of the Data Protection Commissioner (within 72 hours of finding it)'],
  ['people', 'Tell the people affected, in plain words, if the risk to them is real'],
  ['recorded', 'Write down what happened, what was done and what changes now'],
] as const;

/** A checklist step's key. */
export type BreachStep = (typeof BREACH_CHECKLIST)[number][0];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** `POST /api/admin/breaches` and `PUT /api/admin/breaches/{id}`. */
export const BreachSchema = z.object({
  /**
   * When the breach was found (ISO 8601); the 72 hours run from here.
   * @example "2026-11-25T09:30:00+03:00"
   */
  found_at: z.iso.datetime({ offset: true, error: 'When it was found must be a date and time' }),
  /** What happened and what data it touches. */
  what: text('What happened', 2000),
  /** Who is affected, as a group or a count (never a list of people). */
  affected: text('Who is affected', 2000),
  /** Steps done, by key. */
  checklist: z
    .partialRecord(z.enum(BREACH_CHECKLIST.map(([key]) => key) as [BreachStep, ...BreachStep[]]), z.boolean())
    .default({}),
});
export type Breach = z.infer<typeof BreachSchema>;
