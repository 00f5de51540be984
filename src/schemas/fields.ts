/** Field schemas the dashboard's record forms share (children, events): text lines, lists, days, whole numbers. */
import { z } from 'zod';

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
