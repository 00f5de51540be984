import { readdir, readFile } from 'node:fs/promises';

/** Slug and date of every published story, read from the markdown the site is built from. */
export async function publishedStories(): Promise<{ slug: string; date: string }[]> {
  const dir = 'src/content/blog';
  const stories = [];
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.md'))) {
    const text = await readFile(`${dir}/${file}`, 'utf8');
    if (/^draft:\s*true/m.test(text)) continue;
    const slug = /^slug:\s*["']?([a-z0-9-]+)["']?/m.exec(text)?.[1];
    const date = /^date:\s*["']?(\d{4}-\d{2}-\d{2})["']?/m.exec(text)?.[1];
    if (slug && date) stories.push({ slug, date });
  }
  return stories;
}

/**
 * Where the stories publish.spec.ts publishes from /samu (and unpublishes again) live. Such a story is on /blog and in
 * the feeds for a while as other specs run: they leave it out, and still expect every other story exactly.
 */
export const PUBLISHED_FROM_SAMU = '/blog/reading-week-';

/** True for a story path (`/blog/<slug>/`) publish.spec.ts may have live at the moment. */
export function isPublishedFromSamu(path: string): boolean {
  return path.startsWith(PUBLISHED_FROM_SAMU);
}
