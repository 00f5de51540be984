/**
 * Payloads of a person's page in /samu (`/api/admin/people/*`): find everything held about one person by email or
 * phone, confirm a possible match as the same person, export it, correct a field, erase it. Each change and export
 * needs a reason for the audit trail.
 */
import { z } from 'zod';
import { emailAddress } from './track.ts';

z.config({ jitless: true });

/** Longest reason and corrected value accepted. */
export const PEOPLE_LIMITS = { reason: 500, value: 5000, phone: 50 } as const;

const blankToUndefined = (value: unknown): unknown =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * Why staff do this, kept in the audit trail.
 * @example "Her email of 3 June asking what we hold"
 */
const reason = z
  .string({ error: 'Give the reason' })
  .trim()
  .min(3, 'Give the reason (at least 3 characters)')
  .max(PEOPLE_LIMITS.reason, `The reason must be at most ${PEOPLE_LIMITS.reason} characters`);

/** Who: an email address, or a phone number (at least 6 digits). */
export const personQuery = z
  .object({
    /** @example "amina@example.org" */
    email: z.preprocess(blankToUndefined, emailAddress.optional()),
    /** @example "+254 700 000 001" */
    phone: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .max(PEOPLE_LIMITS.phone)
        .refine((value) => value.replace(/[^0-9]/g, '').length >= 6, 'A phone number has at least 6 digits')
        .optional(),
    ),
  })
  .refine((value) => value.email !== undefined || value.phone !== undefined, {
    message: 'Enter an email address or a phone number',
    path: ['email'],
  });
export type PersonQueryInput = z.infer<typeof personQuery>;

/** `POST /api/admin/people/export`: everything about the person as one JSON or CSV file. */
export const personExport = z.intersection(
  personQuery,
  z.object({ reason, /** File format. */ format: z.enum(['json', 'csv']).default('json') }),
);

/** `POST /api/admin/people/erase`. */
export const personErase = z.intersection(personQuery, z.object({ reason }));

/**
 * `POST /api/admin/people/link`: staff confirm that a possible match (an address, phone or name found beside the
 * person) is the same person, so their export and erasure take it in.
 */
export const personLink = z.intersection(
  personQuery,
  z.object({
    /**
     * The possible match as the search answered it.
     * @example "phone:254711222333"
     */
    identifier: z
      .string()
      .max(PEOPLE_LIMITS.value)
      .regex(/^(email|phone|name):./, 'Unknown match'),
    reason,
  }),
);

/** `POST /api/admin/people/correct`: one field of one row. */
export const personCorrect = z.object({
  /** A table of the person's page (`contacts`, `volunteers`, …). */
  table: z.string().regex(/^[a-z_]{1,63}$/, 'Unknown table'),
  /** The row's id. */
  id: z.string().regex(/^[1-9][0-9]{0,18}$/, 'Expected a positive whole number'),
  /** The column to correct (`name`, `email`, …). */
  column: z.string().regex(/^[a-z_]{1,63}$/, 'Unknown field'),
  /** The corrected value. */
  value: z.string().trim().min(1, 'Enter the corrected value').max(PEOPLE_LIMITS.value),
  reason,
});

/** A stored row of a person's table, as the database gave it (every id as text). */
const PersonRow = z.looseObject({ id: z.string() });
const RowsByTable = z.record(z.string(), z.array(PersonRow));
/** A backup file made before now, which may still hold the person. */
const BackupFile = z.object({ ts: z.string(), file: z.string() });

/** Records found beside the person that are not theirs until staff confirm the identifier they belong to. */
export const PossibleMatch = z.object({
  /** What staff confirm (`email:…`, `phone:…`, `name:…`). */
  identifier: z.string(),
  kind: z.enum(['email', 'phone', 'name']),
  value: z.string(),
  tables: RowsByTable,
});
export type PossibleMatch = z.infer<typeof PossibleMatch>;

/** `POST /api/admin/people/search` → everything held about one person, and the backups that may still hold them. */
export const PersonAnswer = z.object({
  person: z.object({
    emails: z.array(z.string()),
    phones: z.array(z.string()),
    names: z.array(z.string()),
    tables: RowsByTable,
    possibly: z.array(PossibleMatch),
    /** Other people's records whose free text mentions the person, by table (erasure removes the mention). */
    mentions: z.record(z.string(), z.number()),
  }),
  /** Every table a person can be in, in the order to show them, with the fields staff may correct. */
  tables: z.array(z.object({ table: z.string(), label: z.string(), correctable: z.array(z.string()) })),
  backups: z.array(BackupFile),
});
export type PersonAnswer = z.infer<typeof PersonAnswer>;

/** `POST /api/admin/people/erase` → the rows erased per table, and the backups made before it. */
export const ErasureAnswer = z.object({
  /** Per table: the person's rows deleted or anonymised, and other people's rows whose mention of them was removed. */
  erased: z.record(
    z.string(),
    z.object({ deleted: z.number(), anonymised: z.number(), redacted: z.number().optional() }),
  ),
  backupsStillHolding: z.array(BackupFile),
});
export type ErasureAnswer = z.infer<typeof ErasureAnswer>;
