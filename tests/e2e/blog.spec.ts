/**
 * The blog: the list of stories and each story's page with its like toggle, Share menu (popups, blocked
 * popups, copy with and without the Clipboard API), read time on a mocked clock, and page-local comments.
 */
import { expect, test, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { PUBLISHED_FROM_SAMU, publishedStories } from './support/stories.ts';

const STORY = '/blog/first-day-at-kibera-hope/';
const STORY_TITLE = 'The First Day of Term at Kibera Hope Primary';

/** Records every `window.open` call and answers with a fake popup, or with null (a blocker) when `blocked`. */
async function fakeWindowOpen(page: Page, blocked: boolean): Promise<void> {
  await page.addInitScript((isBlocked) => {
    const calls: string[][] = [];
    (window as unknown as { openCalls: string[][] }).openCalls = calls;
    window.open = (url?: string | URL, target?: string, features?: string) => {
      calls.push([String(url), target ?? '', features ?? '']);
      return isBlocked ? null : ({ opener: window, closed: false } as unknown as Window);
    };
  }, blocked);
}

const openCalls = (page: Page) => page.evaluate(() => (window as unknown as { openCalls: string[][] }).openCalls);

/** Waits until the island holding `selector` has hydrated (a click before that would be lost). */
async function hydrated(page: Page, selector = '.post-actions'): Promise<void> {
  const inner = page.locator(selector).first();
  await inner.scrollIntoViewIfNeeded();
  await touchIsland(page, inner);
}

test('lists every story newest first, each card linking to its page', async ({ page }) => {
  const stories = await publishedStories();
  const newestFirst = [...stories].sort((a, b) => b.date.localeCompare(a.date));
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Leaving out a story publish.spec.ts may have live meanwhile.
  const cards = page.locator('article.post-card').filter({ hasNot: page.locator(`a[href^="${PUBLISHED_FROM_SAMU}"]`) });
  await expect(cards).toHaveCount(stories.length);
  const dates = await cards.locator('time').evaluateAll((times) => times.map((t) => t.getAttribute('datetime')));
  expect(dates).toEqual(newestFirst.map((s) => s.date));
  const hrefs = await cards.locator('h3 a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  expect(hrefs).toEqual(newestFirst.map((s) => `/blog/${s.slug}/`));

  const first = cards.first();
  await expect(first.locator('img')).toHaveAttribute('alt', /\S/);
  await expect(first.locator('.badge')).toHaveText(/\S/);
  await expect(first).toContainText('5 min read');
  await expect(first.locator('p').nth(1)).not.toBeEmpty();
  await first.locator('h3 a').click();
  await expect(page).toHaveURL(new RegExp(`/blog/${newestFirst[0]!.slug}/?$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a story page shows its header, image, paragraphs, tags and call to action', async ({ page }) => {
  await page.goto(STORY);
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
  await expect(breadcrumb.getByRole('link', { name: 'Blog' })).toHaveAttribute('href', '/blog/');
  await expect(breadcrumb.locator('[aria-current="page"]')).toHaveText(STORY_TITLE);

  const header = page.locator('.story__hero');
  await expect(header.locator('.badge')).toHaveText('Education');
  await expect(header.locator('time')).toHaveAttribute('datetime', '2025-09-08');
  await expect(header.locator('time')).toHaveText('8 September 2025');
  await expect(header).toContainText('5 min read');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(STORY_TITLE);
  await expect(header).toContainText('New shoes, sharpened pencils');
  await expect(header).toContainText('Grace Muthoni');
  await expect(header).toContainText('Content Writer');

  const hero = page.locator('img.story__image');
  await expect(hero).toHaveAttribute('fetchpriority', 'high');
  await expect(hero).toHaveAttribute('loading', 'eager');
  expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('.story__content p')).toHaveCount(4);
  await expect(page.getByRole('list', { name: 'Tags' }).getByRole('listitem')).toHaveText([
    '#education',
    '#kibera',
    '#back-to-school',
  ]);

  const cta = page.getByRole('region', { name: 'Ready to Make a Difference?' });
  const donate = cta.getByRole('link', { name: /Donate Now/ });
  const donateUrl = new URL((await donate.getAttribute('href'))!);
  expect(donateUrl.searchParams.get('source')).toBe('blog');
  expect(donateUrl.searchParams.get('campaign')).toBe('blog-cta');
  await expect(donate).toHaveAttribute('target', '_blank');
  await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(cta.getByRole('link', { name: 'Get Involved' })).toHaveAttribute('href', '/get-involved');
});

test('the /blog list and a story have no axe violations', async ({ page }) => {
  await page.goto('/blog');
  await expectNoAxeViolations(page);
  await page.goto(STORY);
  await hydrated(page);
  await hydrated(page, '.comments');
  await expectNoAxeViolations(page);
});

test('the like toggle goes from 156 to 157 and back', async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  const like = page.getByRole('button', { name: /Like this story/ });
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toContainText('156');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'true');
  await expect(like).toContainText('157');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', 'false');
  await expect(like).toContainText('156');
});

test('the read time starts at 5 minutes, grows with the time spent and never shrinks', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-10-13T09:00:00+03:00') });
  await page.goto(STORY);
  const label = page.locator('.story__meta [data-read-time]');
  await expect(label).toHaveText('5 min read');
  // The label's script has started counting (a plain script, no island).
  await expect(label).toHaveAttribute('data-read-time', 'counting');
  // Freeze the mocked clock 30 s after the page started; from here on only runFor moves time.
  await page.clock.pauseAt(new Date('2025-10-13T09:00:30+03:00'));
  await expect(label).toHaveText('5 min read');
  // About 40 s, then 4 min 40 s spent: fewer minutes than shown, so it stays at 5.
  await page.clock.runFor(10_000);
  await expect(label).toHaveText('5 min read');
  await page.clock.runFor('04:00');
  await expect(label).toHaveText('5 min read');
  // Past 5 minutes it grows at the next 10 s refresh, rounded up to the next minute.
  await page.clock.runFor('00:40');
  await expect(label).toHaveText('6 min read');
  await page.clock.runFor('06:00');
  await expect(label).toHaveText('12 min read');
  // Moving the wall clock back an hour does not take minutes away.
  await page.clock.setSystemTime(new Date('2025-10-13T08:00:00+03:00'));
  await page.clock.runFor(20_000);
  await expect(label).toHaveText('12 min read');
});

test('Share opens Facebook at 626×436 and X at 550×420, and links a WhatsApp message', async ({ page }) => {
  await fakeWindowOpen(page, false);
  await page.goto(STORY);
  await hydrated(page);
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await expect(share).toHaveAttribute('aria-expanded', 'false');
  await share.click();
  await expect(share).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('button', { name: 'Share on Facebook' }).click();
  await share.click();
  await page.getByRole('button', { name: 'Share on X (Twitter)' }).click();
  const calls = await openCalls(page);
  expect(calls).toHaveLength(2);
  const [facebook, x] = calls;
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(facebook![0]!).origin + new URL(facebook![0]!).pathname).toBe(
    'https://www.facebook.com/sharer/sharer.php',
  );
  expect(new URL(facebook![0]!).searchParams.get('u')).toBe(canonical);
  expect(facebook![2]).toContain('width=626,height=436');
  expect(new URL(x![0]!).searchParams.get('url')).toBe(canonical);
  expect(new URL(x![0]!).searchParams.get('text')).toBe(STORY_TITLE);
  expect(x![2]).toContain('width=550,height=420');
  await expect(page).toHaveURL(new RegExp(`${STORY}$`));

  await share.click();
  const whatsapp = page.getByRole('link', { name: 'Share on WhatsApp' });
  const chat = new URL((await whatsapp.getAttribute('href'))!);
  expect(chat.hostname).toBe('wa.me');
  expect(chat.searchParams.get('text')).toBe(`${STORY_TITLE} ${canonical}`);
  await expect(whatsapp).toHaveAttribute('target', '_blank');
  await page.keyboard.press('Escape');
  await expect(share).toHaveAttribute('aria-expanded', 'false');
  await expect(share).toBeFocused();
});

test('a blocked share popup falls back to navigating to the share page', async ({ page }) => {
  await fakeWindowOpen(page, true);
  await page.route('https://www.facebook.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Facebook share</title><h1>Share</h1>' }),
  );
  await page.goto(STORY);
  await hydrated(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Share on Facebook' }).click();
  await expect(page).toHaveURL(/^https:\/\/www\.facebook\.com\/sharer\/sharer\.php\?u=.*first-day-at-kibera-hope/);
  await expect(page).toHaveTitle('Facebook share');
});

test('Copy Link copies the story address with the Clipboard API', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(STORY);
  await hydrated(page);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.locator('#toast')).toHaveText('Link copied to clipboard!');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
});

test('Copy Link falls back to a hidden textarea when the Clipboard API is missing', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'clipboard', { value: undefined, configurable: true });
    const copies: string[] = [];
    (window as unknown as { copies: string[] }).copies = copies;
    // Record what the fallback copies; the browser's own copy still runs.
    const proto = Document.prototype as unknown as Record<string, (this: Document, ...args: unknown[]) => boolean>;
    const exec = proto['execCommand']!;
    proto['execCommand'] = function (this: Document, ...args: unknown[]) {
      const active = this.activeElement;
      if (args[0] === 'copy' && active instanceof HTMLTextAreaElement) copies.push(active.value);
      return exec.apply(this, args);
    };
  });
  await page.goto(STORY);
  await hydrated(page);
  expect(await page.evaluate(() => navigator.clipboard)).toBeUndefined();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await page.getByRole('button', { name: 'Copy Link' }).click();
  await expect(page.locator('#toast')).toHaveText('Link copied to clipboard!');
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(await page.evaluate(() => (window as unknown as { copies: string[] }).copies)).toEqual([canonical]);
  await expect(page.locator('body > textarea')).toHaveCount(0);
});

test('comments: seeded thread, likes, the name prompt, posting and replying, all in the page only', async ({
  page,
}) => {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'GET') sent.push(`${request.method()} ${request.url()}`);
  });
  await page.goto(STORY);
  await hydrated(page);
  await hydrated(page, '.comments');
  const section = page.locator('#comments');
  await expect(section.locator('article[aria-label^="Comment by"]')).toHaveCount(3);
  await expect(section.locator('article[aria-label^="Reply by"]')).toHaveCount(2);
  await expect(page.getByRole('heading', { name: 'Comments (5)' })).toBeVisible();
  await expect(page.locator('.post-actions__comments')).toHaveText('5 Comments');
  await expect(section).not.toContainText('Commenting as');

  // Seeded comment and reply likes toggle by one.
  const firstLike = section.getByRole('button', { name: /Like the comment by Wanjiru Kamau/ });
  await expect(firstLike).toContainText('12');
  await firstLike.click();
  await expect(firstLike).toHaveAttribute('aria-pressed', 'true');
  await expect(firstLike).toContainText('13');
  await firstLike.click();
  await expect(firstLike).toContainText('12');
  const replyLike = section.getByRole('button', { name: /Like the comment by Tumaini Team/ });
  await replyLike.click();
  await expect(replyLike).toContainText('5');
  await expect(replyLike).toHaveAttribute('aria-pressed', 'true');

  // Post stays disabled while the text is blank.
  const box = section.getByLabel('Add a comment');
  const post = section.getByRole('button', { name: 'Post Comment' });
  await expect(post).toBeDisabled();
  await box.fill('   ');
  await expect(post).toBeDisabled();
  await box.fill('What a lovely morning to read about.');
  await expect(post).toBeEnabled();

  // No saved name: the prompt opens; Cancel closes it without posting.
  await post.click();
  const dialog = page.getByRole('dialog', { name: 'What should we call you?' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Save Name' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Your name').fill('  ');
  await expect(save).toBeDisabled();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(section.locator('article[aria-label^="Comment by"]')).toHaveCount(3);

  // Saving a name posts the waiting comment, first in the list, dated 'Just now'.
  await post.click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your name').fill('Njeri Wambui');
  await save.click();
  await expect(dialog).toBeHidden();
  const mine = section.locator('article[aria-label^="Comment by"]').first();
  await expect(mine).toHaveAttribute('aria-label', 'Comment by Njeri Wambui');
  await expect(mine).toContainText('Just now');
  await expect(mine).toContainText('What a lovely morning to read about.');
  await expect(box).toHaveValue('');
  await expect(section).toContainText('Commenting as Njeri Wambui');
  await expect(page.getByRole('heading', { name: 'Comments (6)' })).toBeVisible();
  await expect(page.locator('.post-actions__comments')).toHaveText('6 Comments');
  const myLike = mine.getByRole('button', { name: /Like the comment by Njeri Wambui/ });
  await expect(myLike).toContainText('0');
  await myLike.click();
  await expect(myLike).toContainText('1');

  // A blank reply is ignored; a real one is added under its comment.
  const seeded = section.locator('article[aria-label="Comment by Amina Hassan"]');
  await seeded.getByRole('button', { name: 'Reply to Amina Hassan' }).click();
  const replyBox = seeded.getByLabel('Reply to Amina Hassan');
  await replyBox.fill('   ');
  await seeded.getByRole('button', { name: 'Post Reply' }).click();
  await expect(seeded.locator('article[aria-label^="Reply by"]')).toHaveCount(0);
  await expect(replyBox).toBeVisible();
  await replyBox.fill('Count me in for the exercise books!');
  await seeded.getByRole('button', { name: 'Post Reply' }).click();
  const reply = seeded.locator('article[aria-label="Reply by Njeri Wambui"]');
  await expect(reply).toContainText('Just now');
  await expect(reply).toContainText('Count me in for the exercise books!');
  await expect(replyBox).toBeHidden();

  // Change name reopens the prompt with the saved name.
  await section.getByRole('button', { name: 'Change name' }).click();
  await expect(dialog.getByLabel('Your name')).toHaveValue('Njeri Wambui');
  await dialog.getByLabel('Your name').fill('Njeri W.');
  await dialog.getByRole('button', { name: 'Save Name' }).click();
  await expect(section).toContainText('Commenting as Njeri W.');

  // The name survives a reload; comments and likes do not (they never left the page).
  await page.reload();
  await hydrated(page, '.comments');
  await expect(page.locator('#comments')).toContainText('Commenting as Njeri W.');
  await expect(page.locator('#comments article[aria-label^="Comment by"]')).toHaveCount(3);
  expect(sent).toEqual([]);
});

test('replying without a saved name asks for one first, then posts the reply', async ({ page }) => {
  await page.goto(STORY);
  await hydrated(page);
  await hydrated(page, '.comments');
  const section = page.locator('#comments');
  const thread = section.locator('article[aria-label="Comment by David Ochieng"]');
  await thread.getByRole('button', { name: 'Reply to David Ochieng' }).click();
  await thread.getByLabel('Reply to David Ochieng').fill('Thank you for sponsoring, David.');
  await thread.getByRole('button', { name: 'Post Reply' }).click();
  const dialog = page.getByRole('dialog', { name: 'What should we call you?' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Your name').fill('Otieno');
  await dialog.getByRole('button', { name: 'Save Name' }).click();
  await expect(thread.locator('article[aria-label^="Reply by"]')).toHaveCount(2);
  await expect(thread.locator('article[aria-label="Reply by Otieno"]')).toContainText('Just now');
  expect(await page.evaluate(() => localStorage.getItem('commenterName'))).toBe('Otieno');
});

test('a returning commenter is greeted by name with no hydration error in the console', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => localStorage.setItem('commenterName', 'Wanjiru'));
  await page.goto('/blog/first-day-at-kibera-hope');
  const comments = page.getByRole('button', { name: 'Post Comment' });
  await comments.scrollIntoViewIfNeeded();
  // The greeting comes with the comments island, which wakes when the visitor reaches into it.
  await touchIsland(page, comments);
  await expect(page.getByText(/^Commenting as Wanjiru/)).toBeVisible();
  expect(errors).toEqual([]);
});
