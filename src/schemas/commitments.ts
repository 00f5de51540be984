/**
 * Payloads and answers of commitments (monthly gifts and sponsorships): what staff decide in /samu, and the shape of
 * a commitment with its instalments as `GET /api/admin/commitments` answers it (My giving reads the same shape).
 */
import { z } from 'zod';

// No compiled validators: zod would build them with `new Function`, which the pages' Content-Security-Policy forbids
// (its probe alone is reported as a violation).
z.config({ jitless: true });

/** Where a commitment stands. */
export const COMMITMENT_STATE_VALUES = ['pending', 'active', 'late', 'lapsed', 'paused', 'ended'] as const;

/** Where one instalment stands. */
export const INSTALMENT_STATE_VALUES = ['due', 'paid', 'late', 'missed'] as const;

/** What staff may decide about a commitment. */
export const COMMITMENT_ACTIONS = ['end', 'pause', 'resume', 'contacted'] as const;

/** `POST /api/admin/commitments/decide`. */
export const CommitmentDecision = z.object({
  /** The commitment's id. */
  id: z.string().regex(/^[1-9][0-9]{0,18}$/, 'Unknown commitment'),
  /** end, pause, resume or contacted (the sponsor was contacted). */
  action: z.enum(COMMITMENT_ACTIONS, 'Choose end, pause, resume or contacted'),
  /** Why, in a few words (kept in the audit trail). */
  note: z.string().trim().max(500, 'At most 500 characters').default(''),
});
/** One staff decision. */
export type CommitmentDecision = z.infer<typeof CommitmentDecision>;

/** One instalment as answered. */
export const InstalmentAnswer = z.object({
  /** The period's first day, YYYY-MM-DD. */
  period: z.string(),
  /** The day it is due, YYYY-MM-DD. */
  due_on: z.string(),
  state: z.enum(INSTALMENT_STATE_VALUES),
  /** The confirmed gift that paid it. */
  gift_id: z.string().nullable(),
});

/** One commitment as answered. */
export const CommitmentAnswer = z.object({
  id: z.string(),
  kind: z.enum(['donation', 'sponsorship']),
  cause: z.string().nullable(),
  child_id: z.string().nullable(),
  donor_name: z.string().nullable(),
  donor_email: z.string().nullable(),
  donor_phone: z.string().nullable(),
  amount_subunits: z.number(),
  currency: z.string(),
  method: z.enum(['card', 'mpesa', 'other']),
  interval_months: z.number(),
  due_day: z.number(),
  state: z.enum(COMMITMENT_STATE_VALUES),
  state_since: z.string(),
  stop_reason: z.string().nullable(),
  end_reason: z.string().nullable(),
  account: z.string().nullable(),
  /** When staff were asked to contact the sponsor, and when it was done. */
  contact_due_at: z.string().nullable(),
  contact_done_at: z.string().nullable(),
  instalments: z.array(InstalmentAnswer),
});
/** One commitment with its instalments. */
export type CommitmentAnswer = z.infer<typeof CommitmentAnswer>;

/** `GET /api/admin/commitments`. */
export const CommitmentList = z.object({
  /** A page of commitments, newest first. */
  commitments: z.array(CommitmentAnswer),
  /** The sponsors staff are asked to contact (on the first page; empty on the others). */
  toContact: z.array(CommitmentAnswer),
  /** The `before` of the next page, or null after the last. */
  next: z.string().nullable(),
  /** How many are in each state. */
  counts: z.record(z.enum(COMMITMENT_STATE_VALUES), z.number()),
});
/** The most commitments one page may hold. */
export const COMMITMENT_PAGE_MAX = 500;
/** The page `GET /api/admin/commitments` is asked for: commitments with ids below `before`, `limit` of them. */
export const CommitmentPageQuery = z.object({
  before: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'A commitment id')
    .optional(),
  limit: z.coerce.number().int().min(1).max(COMMITMENT_PAGE_MAX).optional(),
});
/** The answer of `GET /api/admin/commitments`. */
export type CommitmentList = z.infer<typeof CommitmentList>;
