/**
 * Adds the posts and programs published from /samu to the `blog` and `programs` collections, beside the committed
 * Markdown files: published rows become entries exactly like file entries. Their cover pictures are copied from the
 * database into Astro's cache directory so the image pipeline optimises them like the files of src/assets (and
 * caches the results between builds); their Markdown is rendered by src/lib/markdown.ts, the pipeline the
 * dashboard's preview uses.
 *
 * The build only reads: its queries run in a read-only transaction, so no deploy context can change a database by
 * building. The slugs the committed files use are written beside the build (file-slugs.ts); the deploy step of the
 * context that owns the database records them (scripts/db-record-files.ts).
 *
 * Without `DATABASE_URL` the collections hold the files alone, except in a production build (`CONTEXT=production`),
 * which fails naming the variable. When the database cannot be read the build fails with its host, error code and
 * message rather than deploy a site with every published story missing (docs/decisions.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import {
  describeConnectionFailure,
  transaction,
  withPictureBytes,
  type DatabaseTarget,
} from '../../netlify/public-api.ts';
import { renderMarkdown } from '../lib/markdown.ts';
import { SHIPPED_PICTURE } from '../schemas/admin.ts';
import { saveFileSlugs } from './file-slugs.ts';

/** Which collection a loader fills, and so which table it reads. */
export type PublishedKind = 'blog' | 'programs';

/** A published row as the loader reads it, with the bytes of its picture when it has one. */
interface PublishedRow {
  slug: string;
  /** Copied from a file and never edited since: the file's text keeps showing. */
  file_copy: boolean;
  content: string;
  image: string;
  image_data: Buffer | null;
  /** The picture's blob key, when its upload's bytes are in the blob store. */
  image_key: string | null;
  fields: Record<string, unknown>;
}

const QUERIES: Record<PublishedKind, string> = {
  blog: `select p.slug, p.file_copy, p.content, p.cover as image, u.data as image_data, u.blob_key as image_key,
           json_build_object('title', p.title, 'excerpt', p.excerpt, 'imageAlt', p.alt, 'category', p.category,
             'author', p.author, 'date', p.date, 'tags', p.tags,
             'formerSlugs', coalesce((select json_agg(h.old_slug order by h.changed_at, h.old_slug)
                                      from blog_slug_history h where h.post_id = p.id), '[]'::json)) as fields
         from blog_posts p left join uploads u on '/media/' || u.id || '/' || u.name = p.cover
         where p.status = 'published' order by p.id`,
  programs: `select p.slug, p.file_copy, p.content, p.image, u.data as image_data, u.blob_key as image_key,
           json_build_object('title', p.title, 'summary', p.summary, 'imageAlt', p.alt, 'order', p.position,
             'date', p.date) as fields
         from programs p left join uploads u on '/media/' || u.id || '/' || u.name = p.image
         where p.status = 'published' order by p.id`,
};

/** The ledger of the files of each kind ever copied into /samu. */
const LEDGERS: Record<PublishedKind, string> = { blog: 'blog_seed_copies', programs: 'program_seed_copies' };

/**
 * The published rows of `kind` on `target`, oldest first, and the slugs of the files ever copied into /samu, read in
 * one read-only transaction.
 */
export async function publishedRows(
  kind: PublishedKind,
  target: DatabaseTarget,
): Promise<{ rows: PublishedRow[]; copied: Set<string> }> {
  const published = await transaction(
    async (tx) => {
      const rows = await tx.query<PublishedRow & Record<string, unknown>>(QUERIES[kind], []);
      const copies = await tx.query<{ slug: string }>(`select slug from ${LEDGERS[kind]}`);
      return { rows, copied: new Set(copies.map((copy) => copy.slug)) };
    },
    target,
    { readOnly: true },
  );
  await withPictureBytes(published.rows);
  return published;
}

/** A file entry as /samu copies it: its fields with the picture's path as written in the file, and its Markdown. */
function fileSeed(entry: { data: Record<string, unknown>; body?: string | undefined }): Record<string, unknown> {
  const { image, formerSlugs: _formerSlugs, ...fields } = entry.data;
  const picture = typeof image === 'string' ? image.replace(/^__ASTRO_IMAGE_/, '') : '';
  return { ...fields, image: picture, body: entry.body ?? '' };
}

/**
 * The database a build reads: `DATABASE_URL` / `DATABASE_WS_PROXY`, or undefined to build from the files alone.
 * A production build (Netlify sets `CONTEXT`) must have one: without it every published item would vanish.
 */
export function buildDatabase(
  env: Readonly<Record<string, string | undefined>> = process.env,
): DatabaseTarget | undefined {
  const url = env['DATABASE_URL'];
  if (url) return { url, proxy: env['DATABASE_WS_PROXY'] || undefined };
  if (env['CONTEXT'] === 'production') {
    throw new Error(
      'DATABASE_URL is not set: a production build reads the stories and programs published from /samu from it. ' +
        "Set DATABASE_URL for the production context's Builds scope in Netlify (README, Deploying to Netlify).",
    );
  }
  return undefined;
}

/** Adds the published rows of `kind` to the collection (entries a file already holds are kept, the row skipped). */
export async function loadPublished(
  kind: PublishedKind,
  context: LoaderContext,
  target: DatabaseTarget | undefined = buildDatabase(),
): Promise<void> {
  const { store, logger, config } = context;
  const cacheDir = fileURLToPath(config.cacheDir);
  // The file loader ran first and removed every other entry: what the store holds now are the files.
  const files = [...store.entries()].map(([slug, entry]) => ({
    slug,
    path: entry.filePath ?? '',
    seed: fileSeed(entry),
  }));
  await saveFileSlugs(cacheDir, kind, files);
  if (!target) {
    logger.info('DATABASE_URL is not set: files only');
    return;
  }
  let rows: PublishedRow[];
  let copied: Set<string>;
  try {
    ({ rows, copied } = await publishedRows(kind, target));
  } catch (failure) {
    throw new Error(
      `Cannot read the published ${kind} items from DATABASE_URL: ${await describeConnectionFailure(failure, target)}`,
      { cause: failure },
    );
  }
  const root = fileURLToPath(config.root);
  const mediaDir = join(cacheDir, 'published-media');
  await mkdir(mediaDir, { recursive: true });
  // A file copied into /samu shows only while its copy is published and unedited (then the file's own text, so git
  // edits apply); an edited, renamed, unpublished or removed copy replaces it.
  const following = new Set(rows.filter((row) => row.file_copy).map((row) => row.slug));
  for (const { slug } of files) if (copied.has(slug) && !following.has(slug)) store.delete(slug);
  let added = 0;
  for (const row of rows) {
    if (store.has(row.slug)) {
      if (row.file_copy) continue;
      logger.warn(`${kind}/${row.slug}: a file already uses this slug; the database item is left out`);
      continue;
    }
    // The entry "lives" beside its picture, so the picture resolves like a file entry's relative image.
    let filePath = relative(root, join(mediaDir, `${kind}-${row.slug}.md`))
      .split('\\')
      .join('/');
    const data: Record<string, unknown> = { ...row.fields, slug: row.slug };
    if (row.image_data && row.image) {
      const file = row.image.split('/').slice(2).join('-');
      await writeFile(join(mediaDir, file), row.image_data);
      data['image'] = `./${file}`;
    } else if (SHIPPED_PICTURE.test(row.image)) {
      // An edited copy keeping the picture it shipped with: it resolves from the folder of the files.
      filePath = `src/content/${kind}/${row.slug}.md`;
      data['image'] = row.image;
    } else if (row.image) {
      logger.warn(`${kind}/${row.slug}: its picture ${row.image} is no longer in Media; the item is left out`);
      continue;
    }
    try {
      const parsed = await context.parseData({ id: row.slug, data, filePath });
      store.set({
        id: row.slug,
        data: parsed,
        body: row.content,
        filePath,
        rendered: { html: renderMarkdown(row.content), metadata: {} },
        digest: context.generateDigest({ ...data, content: row.content }),
      });
      added += 1;
    } catch (failure) {
      // One bad row must not stop the others (nor the build): say which and why.
      logger.warn(`${kind}/${row.slug} is left out: ${failure instanceof Error ? failure.message : String(failure)}`);
    }
  }
  logger.info(`${added} published ${kind} item${added === 1 ? '' : 's'} from the database`);
}

/** A loader that runs `files` (the glob of committed Markdown), then adds the rows published from /samu. */
export function withPublishedRows(files: Loader, kind: PublishedKind): Loader {
  return {
    name: `${kind}-files-and-database`,
    load: async (context) => {
      // The file loader removes every entry it did not load, so last build's database entries go first.
      await files.load(context);
      await loadPublished(kind, context);
    },
  };
}
