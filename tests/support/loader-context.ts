/** A minimal Astro loader context for testing the content loaders (src/loaders) without a build. */
import { pathToFileURL } from 'node:url';
import type { LoaderContext } from 'astro/loaders';

type Json = Record<string, unknown>;

/**
 * A loader context whose store holds `files` as the file loader leaves them: each a committed file's path (its data
 * then only its slug, the id) or its data. Returns the store's entries and what the loader logged; the schema is
 * left out (the build itself checks it).
 */
export function loaderContext(cacheDir: string, files: Record<string, string | Json> = {}) {
  const entries = new Map<string, Json>(
    Object.entries(files).map(([id, file]) => [
      id,
      typeof file === 'string' ? { id, data: { slug: id }, filePath: file } : { id, data: file, filePath: 'x' },
    ]),
  );
  const messages: string[] = [];
  const context = {
    collection: 'blog',
    store: {
      has: (id: string) => entries.has(id),
      get: (id: string) => entries.get(id),
      set: (entry: Json) => entries.set(entry['id'] as string, entry),
      entries: () => [...entries.entries()],
      keys: () => [...entries.keys()],
      clear: () => entries.clear(),
      delete: (id: string) => entries.delete(id),
    },
    logger: { info: (m: string) => messages.push(m), warn: (m: string) => messages.push(m) },
    config: { root: pathToFileURL(`${process.cwd()}/`), cacheDir: pathToFileURL(`${cacheDir}/`) },
    parseData: ({ data }: { data: Json }) => Promise.resolve(data),
    generateDigest: (data: unknown) => JSON.stringify(data),
  };
  return { context: context as unknown as LoaderContext, entries, messages };
}
