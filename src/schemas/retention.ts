/** What `GET /api/admin/retention` answers: the periods in force and the latest run. Both sides read this schema. */
import { z } from 'zod';

z.config({ jitless: true });

/** `GET /api/admin/retention`: each kind of data with how long it is kept, and when retention last ran. */
export const RetentionAnswer = z.object({
  rules: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      action: z.enum(['deleted', 'anonymised']),
      from: z.string(),
      days: z.number(),
      env: z.string(),
    }),
  ),
  /** The latest run: when, and how many records of each kind it removed; null before the first. */
  lastRun: z.object({ ts: z.string(), removed: z.record(z.string(), z.number()) }).nullable(),
});
export type RetentionAnswer = z.infer<typeof RetentionAnswer>;
