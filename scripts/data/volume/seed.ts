/**
 * Fills a migrated, empty database with what `years` years of a busy small charity hold (at five years: 60,000 gifts
 * from 15,000 donors, 3,000 commitments with their instalments, 25,000 subscribers, 12,000 applications, 8,000 contact
 * messages, 300,000 events, 1,500 uploads of about 2 GB, outbox rows, audit rows and sessions), the same rows for the
 * same seed and end day. Used by `npm run seed:volume` and `npm run bench:scale`.
 */
import { query, type DatabaseTarget, type Queryable } from '../../../netlify/functions/_shared/platform/db.ts';
import { writeEvents, writeMedia, writeOutbox, writeSessions } from './activity.ts';
import { writeGiving } from './giving.ts';
import { writeApplications, writeContacts, writeSubscribers } from './people.ts';
import { addDays, Random, Timeline } from './random.ts';

/** Options of {@link seedVolume}. */
export interface VolumeOptions {
  years: number;
  seed: number;
  /** Multiplies every upload's size (1: about 2 GB at five years). */
  mediaScale: number;
  /** The last day the data reaches (default: today, UTC midnight). */
  until?: Date;
  /** Called with each part's name and how long it took. */
  progress?: (line: string) => void;
}

/** The row counts `years` years hold (five years is the issue's reference volume). */
export function volumeSizes(years: number, mediaScale: number) {
  const scale = (count: number) => Math.max(1, Math.round((count * years) / 5));
  return {
    gifts: scale(60_000),
    donors: scale(15_000),
    commitments: scale(3_000),
    subscribers: scale(25_000),
    applications: scale(12_000),
    contacts: scale(8_000),
    events: scale(300_000),
    outbox: scale(30_000),
    adminSessions: scale(4_000),
    donorSessions: scale(6_000),
    media: scale(1_500),
    mediaBytes: Math.round(((2 * 2 ** 30 * years) / 5) * mediaScale),
  };
}

/** The tables the generator fills: they must be empty before it starts. */
const FILLED = [
  'gifts',
  'commitments',
  'newsletter_subscribers',
  'volunteers',
  'contacts',
  'events',
  'notification_outbox',
  'uploads',
  'media',
  'admin_sessions',
  'donor_sessions',
];

/** How many rows the filled tables hold together (0 for a fresh database). */
export async function filledRows(target: DatabaseTarget): Promise<number> {
  const [row] = await query<{ rows: string }>(
    `select (${FILLED.map((table) => `(select count(*) from ${table})`).join(' + ')})::text as rows`,
    [],
    target,
  );
  return Number(row?.rows ?? 0);
}

/** Fills the database; returns the counts written. */
export async function seedVolume(target: DatabaseTarget, options: VolumeOptions): Promise<Record<string, number>> {
  if ((await filledRows(target)) > 0) {
    throw new Error('The database already holds gifts, events or other records: seed:volume fills an empty one.');
  }
  const db: Queryable = { query: (text, params) => query(text, params, target) };
  const until = options.until ?? new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  const timeline = new Timeline(addDays(until, -Math.round(options.years * 365)), until);
  const sizes = volumeSizes(options.years, options.mediaScale);
  const log = options.progress ?? (() => {});
  // Each part draws from its own stream, so changing one part leaves the others' rows as they were.
  const part = async <T>(name: string, offset: number, write: (random: Random) => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await write(new Random(options.seed * 31 + offset));
    log(`${name.padEnd(14)} ${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`);
    return result;
  };
  const giving = await part('giving', 1, (random) => writeGiving(db, random, timeline, sizes));
  await part('subscribers', 2, (random) => writeSubscribers(db, random, timeline, sizes.subscribers, giving.donors));
  const applicationHistory = await part('applications', 3, (random) =>
    writeApplications(db, random, timeline, sizes.applications),
  );
  const contactHistory = await part('contacts', 4, (random) => writeContacts(db, random, timeline, sizes.contacts));
  await part('events', 5, (random) => writeEvents(db, random, timeline, sizes.events, giving.gifts));
  await part('outbox', 6, (random) => writeOutbox(db, random, timeline, sizes.outbox));
  await part('sessions', 7, (random) => writeSessions(db, random, timeline, sizes));
  const mediaBytes = await part('media', 8, (random) => writeMedia(db, random, timeline, sizes));
  await part('analyze', 9, async () => void (await db.query('analyze')));
  return {
    gifts: giving.gifts,
    donors: giving.donors.length,
    commitments: sizes.commitments,
    instalments: giving.instalments,
    subscribers: sizes.subscribers,
    applications: sizes.applications,
    applicationHistory,
    contacts: sizes.contacts,
    contactHistory,
    events: sizes.events,
    outbox: sizes.outbox,
    adminSessions: sizes.adminSessions,
    donorSessions: sizes.donorSessions,
    media: sizes.media,
    mediaBytes,
  };
}
