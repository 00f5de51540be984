/**
 * Letters from sponsors to their child, through staff: the sponsor's letter, staff's review decisions, and the lists
 * the dashboard reads. The dashboard's forms, My giving and the functions share them.
 */
import { z } from 'zod';
import { rowId } from './fields.ts';

/** Where a letter stands. */
export const LETTER_STATES = ['review', 'changes', 'approved', 'declined', 'delivered'] as const;
export type LetterState = (typeof LETTER_STATES)[number];

/** How each state is named to staff and to the sponsor. */
export const LETTER_STATE_LABELS: Readonly<Record<LetterState, string>> = {
  review: 'Waiting for review',
  changes: 'Asked to change',
  approved: 'Approved: to be delivered',
  declined: 'Not passed on',
  delivered: 'Delivered',
};

/** Longest letter. */
export const MAX_LETTER_CHARACTERS = 4000;

/** A sponsor's letter as they write or change it. */
export const LetterSchema = z.object({
  body: z
    .string()
    .trim()
    .min(1, 'Write your letter')
    .max(MAX_LETTER_CHARACTERS, `A letter must be at most ${MAX_LETTER_CHARACTERS} characters`),
});

/** Staff approve a letter: its text as they left it, and the findings they confirmed as harmless. */
export const ApproveSchema = LetterSchema.extend({
  confirmed: z.array(z.string().max(200)).max(50).default([]),
});

/** Staff ask for a change or decline: the reason the sponsor is sent. */
export const ReturnSchema = z.object({
  reason: z.string().trim().min(1, 'Say why, for the sponsor').max(1000, 'The reason must be at most 1000 characters'),
});

/** Staff mark the letters of a printed batch delivered. */
export const DeliveredSchema = z.object({
  ids: z.array(rowId('Each letter id must be a number')).min(1, 'Choose the letters delivered').max(200),
});

/** One letter as staff review it. */
export const LetterRow = z.object({
  id: z.string(),
  created_at: z.string(),
  state: z.enum(LETTER_STATES),
  body: z.string(),
  reason: z.string().nullable(),
  confirmed: z.array(z.string()),
  has_photo: z.boolean(),
  reviewed_by: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  sponsor_name: z.string(),
  child_id: z.string(),
  child_name: z.string(),
  /** Names the letter must not hold (the sponsor's and the child's surnames). */
  surnames: z.array(z.string()),
});
export type LetterRow = z.output<typeof LetterRow>;

/** The letters in one state, and how many are in each. */
export const LettersAnswer = z.object({
  letters: z.array(LetterRow),
  counts: z.partialRecord(z.enum(LETTER_STATES), z.number()),
});
export type LettersAnswer = z.output<typeof LettersAnswer>;
