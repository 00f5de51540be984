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
import { describeConnectionFailure } from '../../netlify/functions/_shared/connection-failure.ts';
import { transaction, type DatabaseTarget } from '../../netlify/functions/_shared/db.ts';
import { paragraphsOf } from '../schemas/team.ts';
import { buildDatabase } from './database.ts';
import { stageMedia } from './media.ts';

/** A team member row as the loader reads it. */
interface MemberRow {
  slug: string;
  name: string;
  role: string;
  image: string;
  image_data: Buffer | null;
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
  return transaction(
    async (tx) => {
      const rows = await tx.query<MemberRow & Record<string, unknown>>(
        `select m.*, u.data as image_data
         from team_members m left join uploads u on '/media/' || u.id || '/' || u.name = m.image
         order by m.position, m.id`,
        [],
      );
      const copies = await tx.query<{ slug: string }>('select slug from team_seed_copies');
      return { rows, copied: new Set(copies.map((row) => row.slug)) };
    },
    target,
    { readOnly: true },
  );
}

/** Adds the team members of /samu to the file's (see the module comment for which wins). */
export async function loadTeamRecords(
  context: LoaderContext,
  target: DatabaseTarget | undefined = buildDatabase(),
): Promise<void> {
  const { store, logger } = context;
  if (!target) {
    logger.info('DATABASE_URL is not set: the team from the file alone');
    return;
  }
  let records: Awaited<ReturnType<typeof teamRecords>>;
  try {
    records = await teamRecords(target);
  } catch (failure) {
    throw new Error(`Cannot read the team from DATABASE_URL: ${await describeConnectionFailure(failure, target)}`, {
      cause: failure,
    });
  }
  const withRow = new Set(records.rows.map((row) => row.slug));
  for (const id of [...store.keys()]) {
    if (records.copied.has(id) && !withRow.has(id)) store.delete(id);
  }
  for (const row of records.rows) {
    const fileEntry = store.get(row.slug);
    store.delete(row.slug);
    if (row.status !== 'published') continue;
    if (row.file_copy && fileEntry) {
      const data = { ...fileEntry.data, order: row.position };
      store.set({ ...fileEntry, data, digest: context.generateDigest(data) });
      continue;
    }
    const staged = await stageMedia(context, `team-${row.slug}.json`, row.image, row.image_data);
    let filePath = staged.filePath;
    let image = staged.image;
    if (!image && row.image.startsWith('../assets/')) {
      // An edited copy of a committed member keeps the file's portrait, resolved from the file's folder.
      filePath = 'src/content/team.json';
      image = row.image;
    }
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
    try {
      const parsed = await context.parseData({ id: row.slug, data, filePath });
      store.set({ id: row.slug, data: parsed, filePath, digest: context.generateDigest(data) });
    } catch (failure) {
      logger.warn(`team/${row.slug} is left out: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }
  logger.info(`${records.rows.length} team members from the database`);
}

/** A loader that runs `files` (the committed JSON), then adds the team members of /samu. */
export function withTeamRecords(files: Loader): Loader {
  return {
    name: 'team-file-and-database',
    load: async (context) => {
      await files.load(context);
      await loadTeamRecords(context);
    },
  };
}
