/** Field schemas the dashboard's record forms share (children, events): text lines, lists, days, whole numbers. */
import { z } from 'zod';
import { parseGiftAmount } from '../lib/money.ts';

/** An optional text line, trimmed. */
export const line = (label: string, max = 200) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default('');

/** A required text line, trimmed. */
export const required = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

/** A list typed one item per line in the form, or sent as an array. */
export const lines = (label: string) =>
  z
    .preprocess(
      (value) =>
        typeof value === 'string'
          ? value
              .split('\n')
              .map((item) => item.trim())
              .filter(Boolean)
          : value,
      z.array(z.string().trim().min(1).max(200, `Each line of ${label} must be at most 200 characters`)).max(20),
    )
    .default([]);

/** A calendar day, YYYY-MM-DD. */
export const day = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
      `${label} must be YYYY-MM-DD`,
    );

/** A whole number between `min` and `max`, typed as text in a form. */
export const whole = (label: string, min: number, max: number) =>
  z.coerce
    .number(`${label} must be a number`)
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

/**
 * An amount of money in a currency's units, as a number or its text, read by the one strict rule of money.ts: a
 * plain decimal with at most two places (`"0x10"`, `"1e3"` and `5.005` are refused). Bounds are piped after it.
 */
export const moneyAmount = (label: string) =>
  z.union([z.number(), z.string()], `${label} must be a number`).transform((value, ctx) => {
    const parsed = parseGiftAmount(value);
    if (parsed === undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `${label} must be a number with at most 2 decimals, such as 50 or 12.50`,
      });
      return z.NEVER;
    }
    return parsed;
  });

/** Largest value of a Postgres bigint: a larger id is malformed, not unknown. */
const MAX_BIGINT = 9_223_372_036_854_775_807n;

/** A row's id written in decimal, positive and within bigint. */
export const rowId = (message: string) =>
  z
    .string()
    .regex(/^[1-9][0-9]{0,18}$/, message)
    .refine((value) => !/^[0-9]+$/.test(value) || BigInt(value) <= MAX_BIGINT, message);
