/**
 * Publishing from /samu reaches the public site: upload an image, write a post that uses it, publish, and after the
 * local background rebuild /blog, the story page, RSS and the sitemap show it; unpublish and all four drop it.
 * Markdown that tries to run script stays inert. A story whose address staff correct answers at the new one, and
 * the old one redirects there (301).
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, sectionTab, signIn, toast } from './support/dashboard.ts';
import { isPublishedFromSamu } from './support/stories.ts';

test.describe.configure({ mode: 'default' });

/** A rebuild takes tens of seconds on a busy machine (npm start rebuilds the whole site); wait for it, no longer. */
const REBUILD_MS = 60_000;

/** The public answers that list stories, fetched fresh. */
async function publicTexts(page: Page, slug: string) {
  const get = async (path: string) => {
    const response = await page.request.get(path);
    return { status: response.status(), text: await response.text() };
  };
  return {
    story: await get(`/blog/${slug}/`),
    list: (await get('/blog/')).text,
    rss: (await get('/rss.xml')).text,
    sitemap: (await get('/sitemap-0.xml')).text,
  };
}

test('a post written and published in /samu reaches /blog, its page, RSS and the sitemap, and leaves them when unpublished', async ({
  page,
  request,
}) => {
  test.setTimeout(2 * REBUILD_MS);
  const id = randomBytes(3).toString('hex');
  const title = `Reading Week ${id}`;
  const slug = `reading-week-${id}`;
  expect(isPublishedFromSamu(`/blog/${slug}/`), 'other specs leave this story out').toBe(true);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signIn(page, request);

  // Upload the picture under Media.
  let panel = await openTab(page, 'Media');
  const fileName = `books-${id}.jpg`;
  await panel.getByLabel('Upload a file for Media').setInputFiles({
    name: fileName,
    mimeType: 'image/jpeg',
    buffer: await readFile('src/assets/events/nairobi-back-to-school-day.jpg'),
  });
  const mediaRow = panel.getByRole('row').filter({ hasText: fileName });
  await expect(mediaRow).toContainText('image/jpeg');
  const mediaUrl = (await mediaRow.getByRole('link').first().textContent())?.trim() ?? '';
  expect(mediaUrl).toMatch(/^\/media\/\d+\/books-[0-9a-f]+\.jpg$/);

  // Write the post: cover picked from Media, the same picture in the body, and Markdown that tries to run script.
  panel = await openTab(page, 'Blog Posts');
  await panel.getByRole('button', { name: 'New blog post' }).click();
  await panel.getByRole('textbox', { name: /^Title/ }).fill(title);
  await panel.getByRole('textbox', { name: 'Excerpt' }).fill('Two hundred new books and a week of stories.');
  await panel
    .getByRole('textbox', { name: 'Content' })
    .fill(
      `Pupils read **every single day** of the week.\n\n![Books on a rug](${mediaUrl})\n\n<script>alert('script')</script>\n\n<img src=x onerror="alert('onerror')">\n\n[Our partner](https://example.org/)`,
    );
  await panel.getByText('Preview of content').click();
  const preview = panel.locator('.markdown-preview__body');
  await expect(preview.locator('strong')).toHaveText('every single day');
  await expect(preview.locator('script, img[onerror]')).toHaveCount(0);
  await panel.getByText('Choose cover image from Media').click();
  await panel.getByRole('button', { name: `Use ${fileName} as cover image` }).click();
  await expect(panel.getByRole('textbox', { name: 'Cover image', exact: true })).toHaveValue(mediaUrl);
  await panel.getByRole('textbox', { name: 'Image description' }).fill('Illustration of children reading');
  await panel.getByRole('combobox', { name: 'Category' }).selectOption('Education');
  await panel.getByRole('textbox', { name: 'Author' }).fill('Grace Muthoni');
  await panel.getByLabel('Publish date').fill('2026-11-20');
  await panel.getByRole('textbox', { name: 'Tags' }).fill('reading, kibera');
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Create blog post' }).click();
  await expect(toast(page)).toHaveText(/Created blog post/);

  // The dashboard follows the build: Publishing…, then Live linking to the page.
  const row = panel.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText(/Publishing…|Live/);
  await expect(row.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${slug}/`, {
    timeout: REBUILD_MS,
  });

  const published = await publicTexts(page, slug);
  expect(published.story.status).toBe(200);
  expect(published.list).toContain(title);
  expect(published.rss).toContain(`/blog/${slug}/`);
  expect(published.sitemap).toContain(`/blog/${slug}/`);
  // Nothing of the script attempts reached the built HTML.
  expect(published.story.text).not.toMatch(/onerror|alert\(/);

  await page.goto(`/blog/${slug}/`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('every single day')).toBeVisible();
  const cover = page.getByRole('img', { name: 'Illustration of children reading' });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const inBody = page.getByRole('img', { name: 'Books on a rug' });
  await inBody.scrollIntoViewIfNeeded();
  await expect(inBody).toHaveAttribute('src', mediaUrl);
  await expect.poll(() => inBody.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: 'Our partner' })).toHaveAttribute('rel', 'noopener noreferrer');
  expect(dialogs).toEqual([]);

  // A published post's picture cannot be deleted.
  await page.goto('/samu');
  panel = await openTab(page, 'Media');
  await expect(mediaRow).toContainText(`"${title}" (published)`);
  await panel.getByRole('button', { name: `Delete media item ${fileName}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete media item' }).click();
  await expect(toast(page)).toContainText(`used by the post "${title}" (/blog/${slug})`);
  await expect(mediaRow).toHaveCount(1);

  // Unpublish: gone from the list, the page, RSS and the sitemap after the next build.
  panel = await openTab(page, 'Blog Posts');
  await panel.getByRole('button', { name: `Edit blog post ${title}` }).click();
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('draft');
  await panel.getByRole('button', { name: 'Update blog post' }).click();
  await expect(toast(page)).toHaveText(/Updated blog post/);
  await expect(row.getByText('Draft', { exact: true })).toBeVisible({ timeout: REBUILD_MS });

  const unpublished = await publicTexts(page, slug);
  expect(unpublished.story.status).toBe(404);
  expect(unpublished.list).not.toContain(title);
  expect(unpublished.rss).not.toContain(`/blog/${slug}/`);
  expect(unpublished.sitemap).not.toContain(`/blog/${slug}/`);
  expect(dialogs).toEqual([]);
});

test("correcting a story's address in /samu serves it at the new one after the rebuild, and the old one redirects there", async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  const id = randomBytes(3).toString('hex');
  // Both addresses stay among those other specs leave out of the story lists.
  const typo = `reading-week-${id}-reeding`;
  const slug = `reading-week-${id}-reading`;
  expect(isPublishedFromSamu(`/blog/${typo}/`) && isPublishedFromSamu(`/blog/${slug}/`)).toBe(true);
  await signIn(page, request);

  let panel = await openTab(page, 'Media');
  const fileName = `shelf-${id}.jpg`;
  await panel.getByLabel('Upload a file for Media').setInputFiles({
    name: fileName,
    mimeType: 'image/jpeg',
    buffer: await readFile('src/assets/events/nairobi-back-to-school-day.jpg'),
  });
  await expect(panel.getByRole('row').filter({ hasText: fileName })).toContainText('image/jpeg');

  panel = await openTab(page, 'Blog Posts');
  await panel.getByRole('button', { name: 'New blog post' }).click();
  await panel.getByRole('textbox', { name: /^Title/ }).fill(`Reeding Week ${id}`);
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(typo);
  await panel.getByRole('textbox', { name: 'Excerpt' }).fill('A week of stories in Kibera.');
  await panel.getByRole('textbox', { name: 'Content' }).fill('Pupils read every day of the week.');
  await panel.getByText('Choose cover image from Media').click();
  await panel.getByRole('button', { name: `Use ${fileName} as cover image` }).click();
  await panel.getByRole('textbox', { name: 'Image description' }).fill('Illustration of children reading');
  await panel.getByRole('combobox', { name: 'Category' }).selectOption('Education');
  await panel.getByRole('textbox', { name: 'Author' }).fill('Grace Muthoni');
  await panel.getByLabel('Publish date').fill('2026-11-21');
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await panel.getByRole('button', { name: 'Create blog post' }).click();
  await expect(toast(page)).toHaveText(/Created blog post/);
  const row = panel.getByRole('row').filter({ hasText: `Week ${id}` });
  await expect(row.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${typo}/`, {
    timeout: REBUILD_MS,
  });

  // Fix the title and the address.
  await panel.getByRole('button', { name: `Edit blog post Reeding Week ${id}` }).click();
  await panel.getByRole('textbox', { name: /^Title/ }).fill(`Reading Week ${id}`);
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(slug);
  await panel.getByRole('button', { name: 'Update blog post' }).click();
  await expect(toast(page)).toHaveText(/Updated blog post/);
  await expect(row.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${slug}/`, {
    timeout: REBUILD_MS,
  });

  const moved = await page.request.get(`/blog/${typo}/`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(new URL(moved.headers()['location'] ?? '', page.url()).pathname).toBe(`/blog/${slug}/`);
  expect((await page.request.get(`/blog/${typo}`, { maxRedirects: 0 })).status()).toBe(301);

  // A visitor with the old link lands on the story.
  await page.goto(`/blog/${typo}/`);
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}/$`));
  await expect(page.getByRole('heading', { level: 1, name: `Reading Week ${id}` })).toBeVisible();

  // The change is on the audit trail with both addresses.
  await page.goto('/samu');
  await (await sectionTab(page, 'Recent Activity')).click();
  await expect(page.getByRole('tabpanel').getByText(`/blog/${typo}/`).first()).toBeVisible();

  // Unpublished again, so the story lists other specs read are as they were.
  panel = await openTab(page, 'Blog Posts');
  await panel.getByRole('button', { name: `Edit blog post Reading Week ${id}` }).click();
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('draft');
  await panel.getByRole('button', { name: 'Update blog post' }).click();
  await expect(toast(page)).toHaveText(/Updated blog post/);
});
