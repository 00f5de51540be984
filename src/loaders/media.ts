/**
 * Pictures of database records for the image pipeline: a record's Media upload is written beside a stand-in entry
 * path in Astro's cache directory, so `image()` resolves it like a file entry's relative picture (and the optimised
 * versions are cached between builds).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

/** Where a record's entry "lives", and its picture relative to that place when it has one in Media. */
export async function stageMedia(
  context: LoaderContext,
  entryName: string,
  image: string,
  bytes: Buffer | null,
): Promise<{ filePath: string; image?: string }> {
  const { config } = context;
  const mediaDir = join(fileURLToPath(config.cacheDir), 'published-media');
  await mkdir(mediaDir, { recursive: true });
  const filePath = relative(fileURLToPath(config.root), join(mediaDir, entryName)).split('\\').join('/');
  if (!bytes || !image.startsWith('/media/')) return { filePath };
  const file = image.split('/').slice(2).join('-');
  await writeFile(join(mediaDir, file), bytes);
  return { filePath, image: `./${file}` };
}
