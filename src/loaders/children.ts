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
import { withPictureBytes, type DatabaseTarget } from '../../netlify/public-api.ts';
import type { ConsentTerms, SponsorshipState } from '../lib/consent.ts';
import { readRecords, recordPicture, storeRecord, updateEntry, withRecords, type PictureRow } from './seeded.ts';

/** A child record as the loader reads it. */
interface ChildRow extends PictureRow {
  file_copy: boolean;
  status: 'draft' | 'published';
  consent: ConsentTerms | null;
  state: SponsorshipState;
  fields: Record<string, unknown>;
}

const CHILDREN_QUERY = `
  select t.slug, t.file_copy, t.status, t.image, u.data as image_data, u.blob_key as image_key,
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
  const records = await readRecords('the children records', target, async (tx) => {
    const rows = await tx.query<ChildRow & Record<string, unknown>>(CHILDREN_QUERY, []);
    const active = await tx.query<{ child_id: string }>(`select child_id from sponsorships where state = 'active'`);
    return { rows, sponsored: new Set(active.map((row) => row.child_id)) };
  });
  await withPictureBytes(records.rows);
  return records;
}

/** Adds the records of /samu to the file children (see the module comment for which wins). */
export async function loadChildRecords(context: LoaderContext, target: DatabaseTarget): Promise<void> {
  const { store, logger } = context;
  const records = await childRecords(target);
  // The sponsorship state (and the spec's `sponsored`) of the file entries, from the active sponsorships.
  for (const id of [...store.keys()]) {
    const state: SponsorshipState = records.sponsored.has(id) ? 'sponsored' : 'waiting';
    updateEntry(context, id, { state, sponsored: state === 'sponsored' });
  }
  for (const row of records.rows) {
    const known = { consent: row.consent, state: row.state, sponsored: row.state === 'sponsored' };
    if (row.file_copy && store.has(row.slug)) {
      updateEntry(context, row.slug, known);
      continue;
    }
    store.delete(row.slug);
    if (row.status !== 'published') continue;
    const { filePath, image } = await recordPicture(context, 'children', 'src/content/children.json', row);
    const data: Record<string, unknown> = { ...row.fields, ...known, id: row.slug, record: true };
    if (image) data['image'] = image;
    else if (row.image) {
      logger.warn(`children/${row.slug}: its photo ${row.image} is no longer in Media; shown with the illustration`);
    }
    await storeRecord(context, 'children', row.slug, data, filePath);
  }
  logger.info(`${records.rows.length} children records from the database`);
}

/** A loader that runs `files` (the committed JSON), then adds the children records of /samu. */
export function withChildRecords(files: Loader): Loader {
  return withRecords('children', files, loadChildRecords);
}
