/**
 * The stories and programs that shipped as Markdown files, as records of /samu: the first time a list is opened,
 * each file entry never copied becomes a published row marked `file_copy` (copy-seed.ts), taken from what the last
 * build recorded of the files (`content_files.seed`), so the functions never read the content files themselves.
 * A copy keeps `file_copy` only while its text is still the file's; the build shows the file's text until then.
 */
import type { ResourceAction } from '../platform/audit.ts';
import { query, type Queryable } from '../platform/db.ts';
import { copySeed } from './seed-copy.ts';

/** Which Markdown collection. */
export type ShippedKind = 'blog' | 'programs';

/** A file entry as the build recorded it: its front matter fields and `body`, the Markdown. */
type Seed = Record<string, unknown> & { slug: string };

const TABLES: Record<ShippedKind, { table: string; ledger: string }> = {
  blog: { table: 'blog_posts', ledger: 'blog_seed_copies' },
  programs: { table: 'programs', ledger: 'program_seed_copies' },
};

/** The copies stand as published on the site since before any build: Live, not waiting for one. */
const SHIPPED_AT = '1970-01-01T00:00:00Z';

const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** The row of a file entry, in the columns the dashboard edits. */
export function seedRow(kind: ShippedKind, seed: Seed): Record<string, unknown> {
  if (kind === 'blog') {
    return {
      slug: seed.slug,
      title: str(seed['title']),
      excerpt: str(seed['excerpt']),
      content: str(seed['body']).trim(),
      cover: str(seed['image']),
      alt: str(seed['imageAlt']),
      category: str(seed['category']),
      author: str(seed['author']),
      date: str(seed['date']),
      tags: Array.isArray(seed['tags']) ? seed['tags'].map(String) : [],
    };
  }
  return {
    slug: seed.slug,
    title: str(seed['title']),
    summary: str(seed['summary']),
    content: str(seed['body']).trim(),
    image: str(seed['image']),
    alt: str(seed['imageAlt']),
    position: typeof seed['order'] === 'number' ? seed['order'] : 0,
    date: str(seed['date']),
  };
}

/** The recorded file entries of `kind` never copied (drafts left out: they were never on the site). */
async function uncopied(kind: ShippedKind): Promise<Seed[]> {
  const found = await query<{ slug: string; seed: Record<string, unknown> }>(
    `select f.slug, f.seed from content_files f
     where f.kind = $1 and f.seed is not null and not exists (select 1 from ${TABLES[kind].ledger} l where l.slug = f.slug)
     order by f.path`,
    [kind],
  );
  return found.filter((row) => row.seed['draft'] !== true).map((row) => ({ ...row.seed, slug: row.slug }));
}

/**
 * Copies the file entries of `kind` never copied before (a removed copy stays removed), published. Once every file
 * is copied this is one small query, so the overview may call it each time it counts.
 */
export async function copyShipped(kind: ShippedKind): Promise<void> {
  const { table, ledger } = TABLES[kind];
  const seed = await uncopied(kind);
  if (seed.length === 0) return;
  await copySeed({
    table,
    ledger,
    seed,
    slugOf: (seed) => seed.slug,
    row: (seed) => ({ ...seedRow(kind, seed), site_changed_at: SHIPPED_AT }),
  });
}

/** True when `picture` is the shipped picture of one of the files of `kind`. */
export async function isShippedPicture(kind: ShippedKind, picture: string): Promise<boolean> {
  const [found] = await query(`select 1 from content_files where kind = $1 and seed->>'image' = $2 limit 1`, [
    kind,
    picture,
  ]);
  return found !== undefined;
}

/** True when `slug` was a file's and is now a record's (copied): the record decides what shows there. */
export async function isCopiedSlug(kind: ShippedKind, slug: string): Promise<boolean> {
  const [found] = await query(`select 1 from ${TABLES[kind].ledger} where slug = $1`, [slug]);
  return found !== undefined;
}

/** Keeps `file_copy` true only while the row's text is still its file's (run inside the update's transaction). */
export async function markEdited(
  kind: ShippedKind,
  tx: Queryable,
  op: ResourceAction,
  row: Record<string, unknown>,
): Promise<void> {
  if (op !== 'update' || row['file_copy'] !== true) return;
  const [file] = await tx.query<{ seed: Record<string, unknown> }>(
    'select seed from content_files where kind = $1 and slug = $2 and seed is not null',
    [kind, row['slug']],
  );
  const shipped = file ? seedRow(kind, { ...file.seed, slug: String(row['slug']) }) : undefined;
  const same =
    shipped !== undefined &&
    row['status'] === 'published' &&
    Object.entries(shipped).every(([column, value]) => JSON.stringify(row[column]) === JSON.stringify(value));
  if (!same) await tx.query(`update ${TABLES[kind].table} set file_copy = false where id = $1`, [row['id']]);
}
