/**
 * The slugs the committed Markdown files use, per collection, as the last build saw them: saved by the content
 * loader beside Astro's cache, and recorded in the database (`content_files`) by the deploy step of the context
 * that owns it, so the dashboard refuses those slugs (409) without reading the content files itself.
 */
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One committed file: the slug it publishes and its path in the project. */
export interface FileSlug {
  slug: string;
  path: string;
  /** The entry as the file holds it (its fields, `body` the Markdown): what /samu copies on first use. */
  seed?: Record<string, unknown>;
}

const PREFIX = 'file-slugs-';

/** Saves the files of collection `kind` (one file per collection, so collections loading side by side never race). */
export async function saveFileSlugs(cacheDir: string, kind: string, files: readonly FileSlug[]): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  await writeFile(join(cacheDir, `${PREFIX}${kind}.json`), `${JSON.stringify(files)}\n`);
}

/** The files of every collection the last build saved, by collection. */
export async function readFileSlugs(cacheDir: string): Promise<Map<string, FileSlug[]>> {
  const names = (await readdir(cacheDir).catch(() => [] as string[])).filter(
    (name) => name.startsWith(PREFIX) && name.endsWith('.json'),
  );
  const saved = new Map<string, FileSlug[]>();
  for (const name of names.sort()) {
    saved.set(
      name.slice(PREFIX.length, -'.json'.length),
      JSON.parse(await readFile(join(cacheDir, name), 'utf8')) as FileSlug[],
    );
  }
  return saved;
}
