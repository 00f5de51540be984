/**
 * Feeds for readers and search engines: the RSS feed of the stories, the sitemap of every public page
 * (never /samu), and canonical and Open Graph tags on every page.
 */
import { expect, test, type Page } from '@playwright/test';
import { isPublishedFromSamu, publishedStories } from './support/stories.ts';

const all = (xml: string, tag: string) =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((match) => match[1]!);

async function meta(page: Page, property: string): Promise<string | null> {
  return page.locator(`meta[property="${property}"]`).getAttribute('content');
}

test('the RSS feed lists every story, newest first, with absolute links', async ({ request }) => {
  const slugs = (await publishedStories()).map((story) => story.slug);
  const answer = await request.get('/rss.xml');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toMatch(/xml/);
  const xml = await answer.text();
  expect(xml).toContain('<rss');
  const items = xml
    .split('<item>')
    .slice(1)
    .filter((item) => !isPublishedFromSamu(new URL(all(item, 'link')[0]!).pathname));
  expect(items).toHaveLength(slugs.length);
  const links = items.map((item) => all(item, 'link')[0]!);
  expect(links.map((link) => new URL(link).pathname).sort()).toEqual(slugs.map((slug) => `/blog/${slug}/`).sort());
  for (const link of links) expect(link).toMatch(/^https?:\/\//);
  const dates = items.map((item) => Date.parse(all(item, 'pubDate')[0]!));
  expect(dates).toEqual([...dates].sort((a, b) => b - a));
  expect(xml).toContain('<title>The First Day of Term at Kibera Hope Primary</title>');
});

test('the sitemap lists every public page and every story, and never /samu', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const sitemaps = all(index, 'loc');
  expect(sitemaps.length).toBeGreaterThan(0);
  const urls: string[] = [];
  for (const sitemap of sitemaps) {
    const answer = await request.get(new URL(sitemap).pathname);
    expect(answer.status()).toBe(200);
    urls.push(...all(await answer.text(), 'loc'));
  }
  const paths = urls.map((url) => new URL(url).pathname);
  for (const path of [
    '/',
    '/about/',
    '/blog/',
    '/contact/',
    ...(await publishedStories()).map((story) => `/blog/${story.slug}/`),
  ]) {
    expect(paths).toContain(path);
  }
  expect(paths.filter((path) => path.startsWith('/samu'))).toEqual([]);
  expect(paths.filter((path) => path.includes('404'))).toEqual([]);
});

for (const path of ['/', '/about/', '/blog/', '/contact/']) {
  test(`${path} has a canonical URL and Open Graph tags`, async ({ page }) => {
    await page.goto(path);
    const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
    expect(canonical).toMatch(/^https?:\/\//);
    expect(new URL(canonical!).pathname).toBe(path);
    expect(await meta(page, 'og:url')).toBe(canonical);
    expect(await meta(page, 'og:type')).toBe('website');
    expect(await meta(page, 'og:title')).toBeTruthy();
    expect(await meta(page, 'og:description')).toBeTruthy();
    expect(await meta(page, 'og:site_name')).toBeTruthy();
    await expect(page.locator('link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute('href', '/rss.xml');
  });
}

test('a story is an Open Graph article with its own image', async ({ page, request }) => {
  const path = '/blog/clean-water-for-mathare/';
  await page.goto(path);
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical!).pathname).toBe(path);
  expect(await meta(page, 'og:url')).toBe(canonical);
  expect(await meta(page, 'og:type')).toBe('article');
  expect(await meta(page, 'og:title')).toBe(await page.getByRole('heading', { level: 1 }).textContent());
  expect(await meta(page, 'og:description')).toBe(
    await page.locator('meta[name="description"]').getAttribute('content'),
  );
  expect(await meta(page, 'article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
  const image = await meta(page, 'og:image');
  expect(image).toMatch(/^https?:\/\/.+\.jpg$/);
  expect(new URL(image!).origin).toBe(new URL(canonical!).origin);
  const file = await request.get(new URL(image!).pathname);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toMatch(/image\/jpeg/);
});
