/**
 * Records the slugs of the committed files (saved by the last build, src/loaders/file-slugs.ts) in `content_files`,
 * with each entry's fields and Markdown: what /samu copies the first time it lists them.
 * This is a deploy step, not part of the build: it writes, so it runs only in a context that owns its database
 * (production on Netlify, and a local server's own database), never in a Deploy Preview or branch deploy.
 */
import { query, type DatabaseTarget } from '../../netlify/functions/_shared/platform/db.ts';
import { readFileSlugs, type FileSlug } from '../../src/loaders/file-slugs.ts';

/** The deploy contexts whose builds may write their database: production, and local runs (no `CONTEXT`, or dev). */
export function ownsDatabase(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  const context = env['CONTEXT'];
  return context === undefined || context === '' || context === 'production' || context === 'dev';
}

/** Replaces the recorded files of `kind` with `files` in one statement. */
export async function recordFileSlugs(
  kind: string,
  files: readonly FileSlug[],
  target?: DatabaseTarget,
): Promise<void> {
  await query(
    // The parts of one statement see the same snapshot: the delete keeps the slugs the insert upserts.
    `with gone as (delete from content_files where kind = $1 and not (slug = any($2::text[])))
     insert into content_files (kind, slug, path, seed)
     select $1, f.slug, f.path, f.seed::jsonb from unnest($2::text[], $3::text[], $4::text[]) as f(slug, path, seed)
     on conflict (kind, slug) do update set path = excluded.path, seed = excluded.seed`,
    [
      kind,
      files.map((file) => file.slug),
      files.map((file) => file.path),
      files.map((file) => (file.seed ? JSON.stringify(file.seed) : null)),
    ],
    target,
  );
}

/**
 * Records what the last build in `cacheDir` saved, when the context owns its database; returns the collections
 * recorded (none in a preview or branch deploy).
 */
export async function recordContentFiles(
  cacheDir: string,
  target?: DatabaseTarget,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string[]> {
  if (!ownsDatabase(env)) return [];
  const saved = await readFileSlugs(cacheDir);
  for (const [kind, files] of saved) await recordFileSlugs(kind, files, target);
  return [...saved.keys()];
}
