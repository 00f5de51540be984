/**
 * The `children` collection: the committed src/content/children.json, then (whenever `DATABASE_URL` is set at build
 * time) the children records of /samu. Read-only: the build never writes to the database.
 *
 * Which wins: a record edited in /samu replaces the file's child of the same id; a record still marked `file_copy`
 * (copied from the file and never edited) keeps the file's text, so git edits apply, and takes only its consent and
 * sponsorship from the database. Every child carries its current consent terms and sponsorship state; what the
 * site may show on the build date is decided in src/data.ts (src/lib/consent.ts), never here.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { describeConnectionFailure } from '../../netlify/functions/_shared/connection-failure.ts';
import { transaction, type DatabaseTarget } from '../../netlify/functions/_shared/db.ts';
import { buildDatabase } from './database.ts';
import type { ConsentTerms, SponsorshipState } from '../lib/consent.ts';
import { stageMedia } from './media.ts';

/** A child record as the loader reads it. */
interface ChildRow {
  slug: string;
  file_copy: boolean;
  status: 'draft' | 'published';
  image: string;
  image_data: Buffer | null;
  consent: ConsentTerms | null;
  state: SponsorshipState;
  fields: Record<string, unknown>;
}

const CHILDREN_QUERY = `
  select t.slug, t.file_copy, t.status, t.image, u.data as image_data,
    (select json_build_object('covers', c.covers, 'givenOn', c.given_on::text, 'validUntil', c.valid_until::text)
       from child_consents c where c.child_id = t.id and c.withdrawn_at is null order by c.id desc limit 1) as consent,
    case when t.programme = 'left' then 'left'
      when exists (select 1 from sponsorships s where s.child_id = t.slug and s.state = 'active') then 'sponsored'
      else 'waiting' end as state,
    json_build_object('name', t.name, 'age', t.age, 'location', t.location, 'school', t.school, 'grade', t.grade,
      'story', t.story, 'needs', t.needs, 'monthlyNeed', t.monthly_need, 'interests', t.interests, 'family', t.family,
      'achievements', t.achievements, 'dreamJob', t.dream_job, 'imageAlt', t.alt, 'order', t.position) as fields
  from children t left join uploads u on '/media/' || u.id || '/' || u.name = t.image
  order by t.position, t.id`;

/** The children records and the ids of every child with an active sponsorship (file children included). */
export async function childRecords(target: DatabaseTarget): Promise<{ rows: ChildRow[]; sponsored: Set<string> }> {
  // One read-only transaction: the build never writes, and both reads see the same moment.
  return transaction(
    async (tx) => {
      const rows = await tx.query<ChildRow & Record<string, unknown>>(CHILDREN_QUERY, []);
      const active = await tx.query<{ child_id: string }>(`select child_id from sponsorships where state = 'active'`);
      return { rows, sponsored: new Set(active.map((row) => row.child_id)) };
    },
    target,
    { readOnly: true },
  );
}

/** Sets the sponsorship state (and the spec's `sponsored`) of the file entries from the active sponsorships. */
function markFileEntries(context: LoaderContext, sponsored: ReadonlySet<string>): void {
  for (const [id, entry] of context.store.entries()) {
    const state: SponsorshipState = sponsored.has(id) ? 'sponsored' : 'waiting';
    const data = { ...entry.data, state, sponsored: state === 'sponsored' };
    context.store.set({ ...entry, data, digest: context.generateDigest(data) });
  }
}

/** Adds the records of /samu to the file children (see the module comment for which wins). */
export async function loadChildRecords(
  context: LoaderContext,
  target: DatabaseTarget | undefined = buildDatabase(),
): Promise<void> {
  const { store, logger } = context;
  if (!target) {
    logger.info('DATABASE_URL is not set: children from the file alone');
    return;
  }
  let records: Awaited<ReturnType<typeof childRecords>>;
  try {
    records = await childRecords(target);
  } catch (failure) {
    throw new Error(
      `Cannot read the children records from DATABASE_URL: ${await describeConnectionFailure(failure, target)}`,
      { cause: failure },
    );
  }
  markFileEntries(context, records.sponsored);
  for (const row of records.rows) {
    const fileEntry = store.get(row.slug);
    const known = { consent: row.consent, state: row.state, sponsored: row.state === 'sponsored' };
    if (row.file_copy && fileEntry) {
      const data = { ...fileEntry.data, ...known };
      store.set({ ...fileEntry, data, digest: context.generateDigest(data) });
      continue;
    }
    store.delete(row.slug);
    if (row.status !== 'published') continue;
    const staged = await stageMedia(context, `children-${row.slug}.json`, row.image, row.image_data);
    let filePath = staged.filePath;
    const data: Record<string, unknown> = { ...row.fields, ...known, id: row.slug, record: true };
    if (staged.image) {
      data['image'] = staged.image;
    } else if (row.image.startsWith('../assets/')) {
      // An edited copy of a committed child keeps the file's portrait, resolved from the file's folder.
      filePath = 'src/content/children.json';
      data['image'] = row.image;
    } else if (row.image) {
      logger.warn(`children/${row.slug}: its photo ${row.image} is no longer in Media; shown with the illustration`);
    }
    try {
      const parsed = await context.parseData({ id: row.slug, data, filePath });
      store.set({ id: row.slug, data: parsed, filePath, digest: context.generateDigest(data) });
    } catch (failure) {
      logger.warn(`children/${row.slug} is left out: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }
  logger.info(`${records.rows.length} children records from the database`);
}

/** A loader that runs `files` (the committed JSON), then adds the children records of /samu. */
export function withChildRecords(files: Loader): Loader {
  return {
    name: 'children-file-and-database',
    load: async (context) => {
      await files.load(context);
      await loadChildRecords(context);
    },
  };
}
