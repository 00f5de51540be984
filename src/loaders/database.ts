/**
 * Adds the posts and programs published from /samu to the `blog` and `programs` collections, beside the committed
 * Markdown files: whenever `DATABASE_URL` is set at build time, published rows become entries exactly like file
 * entries. Their cover pictures are copied from the database into Astro's cache directory so the image pipeline
 * optimises them like the files of src/assets (and caches the results between builds); their Markdown is
 * rendered by src/lib/markdown.ts, the pipeline the dashboard's preview uses.
 *
 * Without `DATABASE_URL` the collections hold the files alone. When it is set but the database cannot be read,
 * the build fails rather than deploy a site with every published story missing (docs/decisions.md).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Loader, LoaderContext } from 'astro/loaders';
import { query, type DatabaseTarget } from '../../netlify/functions/_shared/db.ts';
import { renderMarkdown } from '../lib/markdown.ts';

/** Which collection a loader fills, and so which table it reads. */
export type PublishedKind = 'blog' | 'programs';

/** A published row as the loader reads it, with the bytes of its picture when it has one. */
interface PublishedRow {
  slug: string;
  content: string;
  image: string;
  image_data: Buffer | null;
  fields: Record<string, unknown>;
}

const QUERIES: Record<PublishedKind, string> = {
  blog: `select p.slug, p.content, p.cover as image, u.data as image_data,
           json_build_object('title', p.title, 'excerpt', p.excerpt, 'imageAlt', p.alt, 'category', p.category,
             'author', p.author, 'date', p.date, 'tags', p.tags) as fields
         from blog_posts p left join uploads u on '/media/' || u.id || '/' || u.name = p.cover
         where p.status = 'published' order by p.id`,
  programs: `select p.slug, p.content, p.image, u.data as image_data,
           json_build_object('title', p.title, 'summary', p.summary, 'imageAlt', p.alt, 'order', p.position,
             'date', p.date) as fields
         from programs p left join uploads u on '/media/' || u.id || '/' || u.name = p.image
         where p.status = 'published' order by p.id`,
};

/** The published rows of `kind` on `target`, oldest first. */
export async function publishedRows(kind: PublishedKind, target: DatabaseTarget): Promise<PublishedRow[]> {
  return query<PublishedRow & Record<string, unknown>>(QUERIES[kind], [], target);
}

/** Records which slugs the committed files of `kind` use, so the dashboard refuses them (409). */
export async function recordFileSlugs(
  kind: PublishedKind,
  files: readonly { slug: string; path: string }[],
  target: DatabaseTarget,
): Promise<void> {
  // One statement, so no transaction stays open across round trips while a slow build holds it (on the embedded
  // database an open transaction makes every other connection wait).
  await query(
    // The parts of one statement see the same snapshot: the delete keeps the slugs the insert upserts.
    `with gone as (delete from content_files where kind = $1 and not (slug = any($2::text[])))
     insert into content_files (kind, slug, path) select $1, f.slug, f.path from unnest($2::text[], $3::text[]) as f(slug, path)
     on conflict (kind, slug) do update set path = excluded.path`,
    [kind, files.map((file) => file.slug), files.map((file) => file.path)],
    target,
  );
}

/** The database of `DATABASE_URL` / `DATABASE_WS_PROXY`, or undefined when none is configured. */
function databaseFromEnv(): DatabaseTarget | undefined {
  const url = process.env['DATABASE_URL'];
  return url ? { url, proxy: process.env['DATABASE_WS_PROXY'] || undefined } : undefined;
}

/** Adds the published rows of `kind` to the collection (entries a file already holds are kept, the row skipped). */
export async function loadPublished(
  kind: PublishedKind,
  context: LoaderContext,
  target: DatabaseTarget | undefined = databaseFromEnv(),
): Promise<void> {
  const { store, logger, config } = context;
  if (!target) {
    logger.info('DATABASE_URL is not set: files only');
    return;
  }
  let rows: PublishedRow[];
  try {
    // The file loader ran first and removed every other entry: what the store holds now are the files.
    const files = [...store.entries()].map(([slug, entry]) => ({ slug, path: entry.filePath ?? '' }));
    await recordFileSlugs(kind, files, target);
    rows = await publishedRows(kind, target);
  } catch (failure) {
    throw new Error(
      `Cannot read the published ${kind} items from DATABASE_URL (${failure instanceof Error ? failure.message : String(failure)}). Unset DATABASE_URL to build from the files alone.`,
      { cause: failure },
    );
  }
  const root = fileURLToPath(config.root);
  const mediaDir = join(fileURLToPath(config.cacheDir), 'published-media');
  await mkdir(mediaDir, { recursive: true });
  let added = 0;
  for (const row of rows) {
    if (store.has(row.slug)) {
      logger.warn(`${kind}/${row.slug}: a file already uses this slug; the database item is left out`);
      continue;
    }
    // The entry "lives" beside its picture, so the picture resolves like a file entry's relative image.
    const filePath = relative(root, join(mediaDir, `${kind}-${row.slug}.md`))
      .split('\\')
      .join('/');
    const data: Record<string, unknown> = { ...row.fields, slug: row.slug };
    if (row.image_data && row.image) {
      const file = row.image.split('/').slice(2).join('-');
      await writeFile(join(mediaDir, file), row.image_data);
      data['image'] = `./${file}`;
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
