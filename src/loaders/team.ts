/**
 * The `team` collection: the committed src/content/team.json, then (whenever `DATABASE_URL` is set at build time)
 * the team members of /samu. Read-only: the build never writes to the database.
 *
 * Which wins, as for children: a member edited in /samu replaces the file's member of the same id; a copy still
 * marked `file_copy` (copied from the file and never edited) keeps the file's text, so git edits apply, and takes its
 * place and published state from /samu. A file member once copied whose row is gone was removed in /samu and is
 * left out; a file member never copied (added to the file since the Team tab was last opened) is shown.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { withPictureBytes, type DatabaseTarget } from '../../netlify/public-api.ts';
import { paragraphsOf } from '../schemas/team.ts';
import { readRecords, recordPicture, storeRecord, updateEntry, withRecords, type PictureRow } from './seeded.ts';

/** A team member row as the loader reads it. */
interface MemberRow extends PictureRow {
  name: string;
  role: string;
  bio: string;
  full_bio: string;
  email: string;
  phone: string;
  position: number;
  status: 'draft' | 'published';
  file_copy: boolean;
}

/** Every team member row and the ids of the file members ever copied, read at one moment. */
export async function teamRecords(target: DatabaseTarget): Promise<{ rows: MemberRow[]; copied: Set<string> }> {
  const team = await readRecords('the team', target, async (tx) => {
    const rows = await tx.query<MemberRow & Record<string, unknown>>(
      `select m.*, u.data as image_data, u.blob_key as image_key
       from team_members m left join uploads u on '/media/' || u.id || '/' || u.name = m.image
       order by m.position, m.id`,
      [],
    );
    const copies = await tx.query<{ slug: string }>('select slug from team_seed_copies');
    return { rows, copied: new Set(copies.map((row) => row.slug)) };
  });
  await withPictureBytes(team.rows);
  return team;
}

/** Adds the team members of /samu to the file's (see the module comment for which wins). */
export async function loadTeamRecords(context: LoaderContext, target: DatabaseTarget): Promise<void> {
  const { store, logger } = context;
  const records = await teamRecords(target);
  const withRow = new Set(records.rows.map((row) => row.slug));
  for (const id of [...store.keys()]) {
    if (records.copied.has(id) && !withRow.has(id)) store.delete(id);
  }
  for (const row of records.rows) {
    if (row.status !== 'published') {
      store.delete(row.slug);
      continue;
    }
    if (row.file_copy && store.has(row.slug)) {
      updateEntry(context, row.slug, { order: row.position });
      continue;
    }
    store.delete(row.slug);
    const { filePath, image } = await recordPicture(context, 'team', 'src/content/team.json', row);
    if (!image) {
      logger.warn(`team/${row.slug}: its photo ${row.image} is not in Media; the member is left out`);
      continue;
    }
    const data = {
      id: row.slug,
      order: row.position,
      name: row.name,
      role: row.role,
      image,
      bio: row.bio,
      fullBio: paragraphsOf(row.full_bio),
      email: row.email,
      phone: row.phone,
    };
    await storeRecord(context, 'team', row.slug, data, filePath);
  }
  logger.info(`${records.rows.length} team members from the database`);
}

/** A loader that runs `files` (the committed JSON), then adds the team members of /samu. */
export function withTeamRecords(files: Loader): Loader {
  return withRecords('team', files, loadTeamRecords);
}
