/**
 * What the loaders of collections kept both in a committed JSON file and in a table of /samu share (children, team,
 * events): the read-only read of the records, the picture of a record, and the entry made of a row. The rules of
 * "which wins" between a file entry and its row stay in each loader.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import {
  describeConnectionFailure,
  transaction,
  type DatabaseTarget,
  type Queryable,
} from '../../netlify/public-api.ts';
import { buildDatabase } from './database.ts';
import { stageMedia } from './media.ts';

/** A record's picture as its row holds it: a Media address (with the upload's bytes) or a committed asset path. */
export interface PictureRow {
  slug: string;
  image: string;
  image_data: Buffer | null;
  /** The picture's blob key, when its upload's bytes are in the blob store. */
  image_key: string | null;
}

/**
 * Reads the records of `what` in one read-only transaction (the build never writes, and every read sees the same
 * moment); a database that cannot be read fails the build naming its host and error.
 */
export async function readRecords<T>(
  what: string,
  target: DatabaseTarget,
  read: (tx: Queryable) => Promise<T>,
): Promise<T> {
  try {
    return await transaction(read, target, { readOnly: true });
  } catch (failure) {
    throw new Error(`Cannot read ${what} from DATABASE_URL: ${await describeConnectionFailure(failure, target)}`, {
      cause: failure,
    });
  }
}

/**
 * Where a record's entry lives and its picture: a Media upload staged for the image pipeline or, for an edited copy
 * of a seed entry, the committed portrait resolved from `seedFile`'s folder. No `image` when it is neither.
 */
export async function recordPicture(
  context: LoaderContext,
  collection: string,
  seedFile: string,
  row: PictureRow,
): Promise<{ filePath: string; image?: string }> {
  const staged = await stageMedia(context, `${collection}-${row.slug}.json`, row.image, row.image_data);
  if (staged.image || !row.image.startsWith('../assets/')) return staged;
  return { filePath: seedFile, image: row.image };
}

/** Puts a file entry back with `changes` over its data (a seed copy taking its state or place from the row). */
export function updateEntry(context: LoaderContext, id: string, changes: Record<string, unknown>): void {
  const entry = context.store.get(id);
  if (!entry) return;
  const data = { ...entry.data, ...changes };
  context.store.set({ ...entry, data, digest: context.generateDigest(data) });
}

/** Stores a record's entry once the collection's schema accepts it; a row it refuses is left out with a warning. */
export async function storeRecord(
  context: LoaderContext,
  collection: string,
  id: string,
  data: Record<string, unknown>,
  filePath: string,
): Promise<void> {
  try {
    const parsed = await context.parseData({ id, data, filePath });
    context.store.set({ id, data: parsed, filePath, digest: context.generateDigest(data) });
  } catch (failure) {
    context.logger.warn(
      `${collection}/${id} is left out: ${failure instanceof Error ? failure.message : String(failure)}`,
    );
  }
}

/**
 * A loader that runs `files` (the committed JSON), then `records` with the build's database; without one
 * (`DATABASE_URL` unset outside production) the collection holds the file alone.
 */
export function withRecords(
  collection: string,
  files: Loader,
  records: (context: LoaderContext, target: DatabaseTarget) => Promise<void>,
): Loader {
  return {
    name: `${collection}-file-and-database`,
    load: async (context) => {
      await files.load(context);
      const target = buildDatabase();
      if (!target) {
        context.logger.info(`DATABASE_URL is not set: ${collection} from the file alone`);
        return;
      }
      await records(context, target);
    },
  };
}
