/**
 * News of a sponsored child that staff write in /samu and publish to the child's sponsor: the draft's payload, the
 * answers the dashboard reads, and the sponsors due news. The dashboard's form and the admin function share them.
 */
import { z } from 'zod';
import { OWN_MEDIA_URL } from '../lib/media-paths.ts';
import { day, line, lines } from './fields.ts';

/** Most pictures one update carries. */
export const MAX_UPDATE_PHOTOS = 6;

/** Months without news after which a sponsored child is listed as due an update. */
export const UPDATE_DUE_MONTHS = 6;

/** The yearly progress block; every part may be left empty. */
export const ProgressSchema = z.object({
  school: line('School', 120),
  grade: line('Class', 60),
  attendance: line('Attendance', 60),
  achievements: lines('Achievements'),
});
export type Progress = z.output<typeof ProgressSchema>;

/** What an update is: news staff write, or the child's own letter back (its scan and transcription). */
export const UPDATE_KINDS = ['news', 'reply'] as const;

/** A draft update: written, previewed and edited before it is published. */
export const ChildUpdateSchema = z.object({
  kind: z.enum(UPDATE_KINDS).default('news'),
  update_on: day('Date'),
  body: z.string().trim().min(1, 'Write the news').max(5000, 'The news must be at most 5000 characters'),
  photos: z
    .array(z.string().regex(OWN_MEDIA_URL, 'Choose each picture from Media'))
    .max(MAX_UPDATE_PHOTOS, `At most ${MAX_UPDATE_PHOTOS} pictures`)
    .default([]),
  progress: ProgressSchema.nullable().default(null),
});
export type ChildUpdateInput = z.output<typeof ChildUpdateSchema>;

/** One update as /samu lists it on the child's record. */
export const ChildUpdateRow = z.object({
  id: z.string(),
  kind: z.enum(UPDATE_KINDS),
  update_on: z.string(),
  body: z.string(),
  photos: z.array(z.string()),
  progress: ProgressSchema.nullable(),
  state: z.enum(['draft', 'published']),
  created_by: z.string(),
  published_at: z.string().nullable(),
  published_by: z.string().nullable(),
  /** Sponsors emailed about it when it was published. */
  emailed: z.number(),
});
export type ChildUpdateRow = z.output<typeof ChildUpdateRow>;

/** The child's updates, newest first, and what the current consent lets an update hold. */
export const ChildUpdatesAnswer = z.object({
  updates: z.array(ChildUpdateRow),
  /** The name sponsors see: the first name only. */
  shown_name: z.string(),
  allows: z.object({ publish: z.boolean(), photos: z.boolean(), school: z.boolean() }),
});
export type ChildUpdatesAnswer = z.output<typeof ChildUpdatesAnswer>;

/** A sponsored child and when their sponsor last heard anything; `due` after {@link UPDATE_DUE_MONTHS} months. */
export const SponsorNewsRow = z.object({
  child_id: z.string(),
  name: z.string(),
  sponsor_name: z.string(),
  last_heard: z.string(),
  /** Whether that was news, or only the start of the sponsorship. */
  last_news: z.boolean(),
  due: z.boolean(),
});
export const SponsorNewsAnswer = z.object({ children: z.array(SponsorNewsRow) });
export type SponsorNewsAnswer = z.output<typeof SponsorNewsAnswer>;
