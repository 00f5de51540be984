/**
 * Events and team members run from /samu reach the public pages at the rebuild: an event added for tomorrow is
 * upcoming, and past once the daily rebuild runs two days on; a team member added shows on About, and is gone after
 * the rebuild that follows their removal. These change what other page specs read, so they run in the samu-records
 * project (playwright.config.ts).
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { html, nairobiDay, REBUILD_MS, untilBuilt } from './support/rebuilds.ts';

test.describe.configure({ mode: 'serial' });

test('an event added in /samu for tomorrow shows as upcoming, and as past after a daily rebuild dated two days on', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  const suffix = randomBytes(3).toString('hex');
  const title = `Reading Marathon ${suffix}`;
  await signIn(page, request);
  let panel = await openTab(page, 'Media');
  const fileName = `marathon-${suffix}.jpg`;
  await panel.getByLabel('Upload a file for Media').setInputFiles({
    name: fileName,
    mimeType: 'image/jpeg',
    buffer: await readFile('src/assets/events/nairobi-back-to-school-day.jpg'),
  });
  const mediaUrl =
    (await panel.getByRole('row').filter({ hasText: fileName }).getByRole('link').first().textContent())?.trim() ?? '';

  panel = await openTab(page, 'Events');
  await panel.getByRole('button', { name: 'New event' }).click();
  const field = (label: string) => panel.getByRole('textbox', { name: label, exact: true });
  await panel.getByRole('textbox', { name: /^Title/ }).fill(title);
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(`reading-marathon-${suffix}`);
  await field('Subtitle').fill('A day of stories in Kibera');
  await field('Venue').fill('Kibera Hope Primary School, Nairobi');
  await field('Image').fill(mediaUrl);
  await field('Image description').fill('Illustration of children reading');
  await field('Theme').fill('Every child a reader');
  await field('Description').fill('Children read aloud all day to raise funds for the school library.');
  await field('Full description').fill('Pupils, parents and volunteers read in relays from morning to evening.');
  await field('Contact name').fill('Grace Muthoni');
  await field('Contact email').fill('events@tumainichildren.org');
  await field('Contact phone').fill('+254 712 345 679');
  await field('Schedule').fill('9:00 AM | First story\n4:00 PM | Last page and songs');
  await field('Expected impact').fill('300 new library books');
  await field('Items needed').fill('Storybooks');
  // The impact headline, long-term impact and closing message are written after the day: left empty, it publishes.
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('published');

  // Without a date nothing is saved.
  await panel.getByRole('button', { name: 'Create event' }).click();
  await expect(panel.getByText('Date is required')).toBeVisible();
  await panel.getByLabel(/^Date/).fill(nairobiDay(1));
  await panel.getByRole('button', { name: 'Create event' }).click();
  await expect(toast(page)).toHaveText(/Created event/);

  /** The HTML of one section of /programs, from its id to the section's end. */
  const section = (text: string, id: string) => {
    const start = text.indexOf(`id="${id}"`);
    return start < 0 ? '' : text.slice(start, text.indexOf('</section>', start));
  };
  const upcoming = (text: string) =>
    (section(text, 'featured-event') + section(text, 'upcoming-events')).includes(title);
  const past = (text: string) => section(text, 'past-events').includes(title);
  await expect
    .poll(async () => upcoming(await html(page, '/programs/')), { timeout: REBUILD_MS, intervals: [1000] })
    .toBe(true);
  await page.goto('/programs/');
  await expect(
    page.locator('#featured-event, section[aria-labelledby="upcoming-events"]').filter({ hasText: title }),
  ).toHaveCount(1);
  // Its details leave out what is not written yet, rather than an empty heading or message.
  await page.getByRole('button', { name: `View details of ${title}` }).click();
  const details = page.getByRole('dialog', { name: title });
  await expect(details).toContainText('300 new library books');
  await expect(details.getByRole('heading', { name: 'Long-term impact' })).toHaveCount(0);
  await expect(details.locator('.event-details__message')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // The daily rebuild, its date injected two days on: the event is over.
  expect((await request.post(`/.netlify/local-build-hook?site_date=${nairobiDay(3)}`)).status()).toBe(200);
  await expect
    .poll(async () => past(await html(page, '/programs/')), { timeout: REBUILD_MS, intervals: [1000] })
    .toBe(true);
  await page.goto('/programs/');
  await expect(page.locator('section[aria-labelledby="past-events"]')).toContainText(title);
  await expect(page.locator('#featured-event')).not.toContainText(title);
  // Past without an impact headline: its card has no empty "Impact:" line.
  await expect(page.locator('.event-card').filter({ hasText: title }).locator('.event-card__impact')).toHaveCount(0);
});

test('a team member added in /samu shows on About after the rebuild, and is gone after the rebuild that follows their removal', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  const suffix = randomBytes(3).toString('hex');
  const name = `Wanjiru Kariuki ${suffix}`;
  await signIn(page, request);
  let panel = await openTab(page, 'Media');
  const fileName = `wanjiru-${suffix}.jpg`;
  await panel.getByLabel('Upload a file for Media').setInputFiles({
    name: fileName,
    mimeType: 'image/jpeg',
    buffer: await readFile('src/assets/team/esther-njoroge.jpg'),
  });
  const mediaUrl =
    (await panel.getByRole('row').filter({ hasText: fileName }).getByRole('link').first().textContent())?.trim() ?? '';

  panel = await openTab(page, 'Team');
  await panel.getByRole('button', { name: 'New team member' }).click();
  const field = (label: string) => panel.getByRole('textbox', { name: label, exact: true });
  await panel.getByRole('textbox', { name: /^Name/ }).fill(name);
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(`wanjiru-${suffix}`);
  await field('Role').fill('Community Caseworker');
  await field('Photo').fill(mediaUrl);
  await field('Short bio').fill('Wanjiru visits every sponsored family in Mathare.');
  await field('Full bio').fill('Wanjiru trained as a social worker.\n\nShe joined Tumaini in 2026.');
  await field('Email').fill('wanjiru@tumainichildren.org');
  await field('Phone').fill('+254 712 345 699');
  await field('Position').fill('10');
  await panel.getByRole('combobox', { name: 'Status' }).selectOption('published');
  await panel.getByRole('button', { name: 'Create team member' }).click();
  await expect(toast(page)).toHaveText(/Created team member/);

  await untilBuilt(page, '/about/', name, true);
  await page.goto('/about/');
  await expect(page.locator('section[aria-labelledby="about-team"]')).toContainText(name);

  await page.goto('/samu');
  panel = await openTab(page, 'Team');
  await panel.getByRole('button', { name: `Delete team member ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete team member' }).click();
  await expect(toast(page)).toHaveText(/Deleted team member/);
  await untilBuilt(page, '/about/', name, false);
  await page.goto('/about/');
  await expect(page.locator('section[aria-labelledby="about-team"]')).not.toContainText(name);
  await expect(page.locator('section[aria-labelledby="about-team"]')).toContainText('Esther Wairimu Njoroge');
});
