/**
 * Every word visitors read is editable in /samu: staff change the office phone number in Site settings and, after the
 * rebuild, the contact page and the footer of every page show it (a number in another form is refused beside the
 * field); staff correct a story that shipped with the site, its title and its address, and after the rebuild the old
 * address answers 301 to the new one. These change what every page shows, so they run in the samu-records project,
 * after the specs that read the shipped values (playwright.config.ts); the phone number is put back at the end.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import siteContent from '../../src/content/site.json' with { type: 'json' };
import { e2eWeekOwner } from '../../support/e2e/accounts.ts';
import { trackFromPage } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { REBUILD_MS, untilBuilt } from './support/rebuilds.ts';
import { largePng } from './support/images.ts';
import { mailTo } from './support/mailbox.ts';
import { itemLine, recordGift, signInToInbox } from './support/inbox.ts';
import { chooser, chooseMonth, lastThirtiethOfOctober, parseCsv } from './support/month-end.ts';

test.describe.configure({ mode: 'serial' });

const SHIPPED_PHONE = '+254 712 345 678';

/** The charity's office address: the From and Reply-To of staff's replies. */
const OFFICE = siteContent[0]!.contact.email;

/** Saves `phone` as the office phone in Site settings and waits for the save's answer. */
async function savePhone(page: Page, phone: string): Promise<void> {
  const panel = await openTab(page, 'Site settings');
  const field = panel.getByRole('textbox', { name: 'Office phone' });
  await field.fill(phone);
  await panel.getByRole('button', { name: 'Save site settings' }).first().click();
  await expect(toast(page)).toHaveText('Site settings saved: the site is being rebuilt');
}

test('staff change the office phone in Site settings, and the contact page and every footer show it after the rebuild', async ({
  page,
  request,
}) => {
  test.setTimeout(3 * REBUILD_MS);
  await signIn(page, request);
  const panel = await openTab(page, 'Site settings');
  const field = panel.getByRole('textbox', { name: 'Office phone' });
  await expect(field).toHaveValue(SHIPPED_PHONE);
  await expect(panel.getByText('As shipped with the site: not changed here yet.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A number visitors could not call is refused beside the field, and nothing is saved.
  await field.fill('0712 345');
  await panel.getByRole('button', { name: 'Save site settings' }).first().click();
  await expect(panel.getByRole('alert')).toContainText('Not saved: one field needs a change');
  await expect(field).toHaveAccessibleDescription(/Write the phone number as \+254 followed by 9 digits/);

  const phone = '+254 733 100 200';
  await savePhone(page, phone);
  await expect(panel.getByText(/^Live: the public pages show these settings\.$/)).toBeVisible({ timeout: REBUILD_MS });
  await untilBuilt(page, '/contact/', phone);

  await page.goto('/contact/');
  await expect(page.getByRole('main')).toContainText(`WhatsApp at ${phone}`);
  await expect(page.getByRole('contentinfo')).toContainText(phone);
  await page.goto('/about/');
  await expect(page.getByRole('contentinfo')).toContainText(phone);
  await expect(page.getByRole('contentinfo')).not.toContainText(SHIPPED_PHONE);

  // Put the shipped number back for every later run of the specs that expect it.
  await page.goto('/samu');
  await savePhone(page, SHIPPED_PHONE);
  await untilBuilt(page, '/contact/', `WhatsApp at ${SHIPPED_PHONE}`);
});

test("staff correct a shipped story's title and address, and after the rebuild the old address redirects to the new", async ({
  page,
  request,
}) => {
  test.setTimeout(2 * REBUILD_MS);
  const shipped = 'coding-club-kawangware';
  const corrected = 'coding-club-opens-in-kawangware';
  const title = 'Hello, World: A Coding Club Opens in Kawangware';
  await signIn(page, request);
  const panel = await openTab(page, 'Blog Posts');
  // The stories that shipped with the site are listed as such, and counted on the overview.
  const row = panel.getByRole('row').filter({ hasText: title });
  await expect(row).toContainText('As shipped with the site');
  await expect(row.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${shipped}/`);

  await panel.getByRole('button', { name: `Edit blog post ${title}` }).click();
  await expect(panel.getByText('As shipped with the site: the picture stays')).toBeVisible();
  await panel.getByRole('textbox', { name: /^Title/ }).fill('Hello, World: A Coding Club Opens in Kawangware!');
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(corrected);
  await panel.getByRole('button', { name: 'Update blog post' }).click();
  await expect(toast(page)).toHaveText(/Updated blog post/);
  const edited = panel.getByRole('row').filter({ hasText: `${title}!` });
  await expect(edited).toContainText('Written or edited here');
  await expect(edited.getByRole('link', { name: /^Live/ })).toHaveAttribute('href', `/blog/${corrected}/`, {
    timeout: REBUILD_MS,
  });

  const moved = await page.request.get(`/blog/${shipped}/`, { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(new URL(moved.headers()['location'] ?? '', page.url()).pathname).toBe(`/blog/${corrected}/`);
  await page.goto(`/blog/${shipped}/`);
  await expect(page).toHaveURL(new RegExp(`/blog/${corrected}/$`));
  await expect(page.getByRole('heading', { level: 1, name: `${title}!` })).toBeVisible();
  // The cover it shipped with stays.
  const cover = page.getByRole('img', { name: 'Illustration of a laptop with children beside it in morning light' });
  await expect(cover).toBeVisible();
  expect(await cover.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
});

/**
 * A staff week, at a laptop's and at a phone's width: Monday's inbox marks the gift that came in since the last
 * visit; a visitor's message is answered from /samu and marked done; October's totals include a cash gift received on 30 October and entered now, and the month-end CSV agrees;
 * the office phone is changed and a shipped story's typo is fixed, both live after the rebuild with the old address
 * redirecting, and a 9 MB photo from a phone becomes the story's cover.
 */
const WEEKS = [
  { width: 1366, height: 900, phone: '+254 700 136 600', story: 'first-day-at-kibera-hope' },
  { width: 360, height: 740, phone: '+254 700 360 360', story: 'football-and-friendship-in-embu' },
] as const;

for (const week of WEEKS) {
  test(`a staff week at ${week.width} px: the inbox, October's figures, the phone number, a story and its cover`, async ({
    page,
    request,
  }) => {
    test.setTimeout(4 * REBUILD_MS);
    await page.setViewportSize({ width: week.width, height: week.height });
    const tag = randomBytes(3).toString('hex');

    // Monday: a gift that came in after the last visit is new in the inbox.
    await signInToInbox(page, e2eWeekOwner);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();
    const donor = `Weekend Donor ${tag}`;
    await recordGift(request, donor, 3100);
    const inbox = await signInToInbox(page, e2eWeekOwner);
    const fresh = itemLine(inbox, donor);
    await expect(fresh).toContainText('KES 3,100.00');
    await expect(fresh.getByText('New', { exact: true })).toBeVisible();

    // A visitor's message is answered from the template, the reply reaches them, and the message is done.
    const writer = `Njeri Week ${tag}`;
    const writerEmail = `njeri.week.${tag}@example.org`;
    await trackFromPage(page, 'contact_submit', {
      name: writer,
      email: writerEmail,
      subject: `School visit ${tag}`,
      message: 'May our class visit in March?',
    });
    const contacts = await openTab(page, 'Contacts');
    await contacts.getByRole('row').filter({ hasText: writer }).getByRole('button', { name: /^Open/ }).click();
    const dialog = page.getByRole('dialog', { name: `Message from ${writer}` });
    await expect(dialog.getByLabel('Subject')).toHaveValue(`Re: School visit ${tag}`);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(toast(page)).toHaveText(`Reply queued to ${writerEmail}`);
    const [reply] = await mailTo(writerEmail, (mail) => mail.subject === `Re: School visit ${tag}`);
    expect(reply?.header('reply-to')).toContain(OFFICE);
    await dialog.getByRole('button', { name: 'Mark done' }).click();
    await expect(toast(page)).toHaveText('Message done');
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Month end: a cash gift received on 30 October, entered now, is in October's totals and in its CSV.
    const october = lastThirtiethOfOctober();
    const form = await chooser(page);
    const panel = page.getByRole('tabpanel');
    const record = panel.getByRole('form', { name: 'Record a gift made another way' });
    const cashDonor = `October Cash ${tag}`;
    await record.getByLabel('Amount').fill('1800');
    await record.getByLabel('Currency').selectOption('KES');
    await record.getByLabel('Method').selectOption('cash');
    await record.getByLabel('Received on').fill(october.day);
    await record.getByLabel("Donor's name (blank: anonymous)").fill(cashDonor);
    await record.getByRole('button', { name: 'Record gift' }).click();
    await expect(toast(page)).toHaveText(/^Gift recorded, receipt R-\d{6}$/);
    await chooseMonth(form, october.month);
    const figures = panel.locator('.gift-figures');
    await expect(figures.getByRole('heading', { name: `Gifts received in ${october.label}` })).toBeVisible();
    const downloading = page.waitForEvent('download');
    await figures.getByRole('link', { name: `CSV of ${october.label}` }).click();
    const [header, ...lines] = parseCsv(await readFile(await (await downloading).path(), 'utf8'));
    const records = lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
    expect(records.find((row) => row['Donor'] === cashDonor)).toMatchObject({ 'Received (Nairobi)': october.day });
    await expect(figures.locator('dt', { hasText: 'Confirmed gifts' }).locator('+ dd')).toHaveText(
      String(records.length),
    );

    // The website: the office phone, and a shipped story's title and address, then its cover from a phone.
    await savePhone(page, week.phone);
    const stories = await openTab(page, 'Blog Posts');
    const row = stories.getByRole('row').filter({ has: page.locator(`a[href="/blog/${week.story}/"]`) });
    const edit = row.getByRole('button', { name: /^Edit blog post / });
    const title = ((await edit.textContent()) ?? '').replace(/^Edit\s+blog post\s+/, '').trim();
    await edit.click();
    await stories.getByRole('textbox', { name: /^Title/ }).fill(`${title} (corrected)`);
    await stories.getByRole('textbox', { name: /^Slug/ }).fill(`${week.story}-corrected`);
    const photo = largePng(2400, 1400, week.width);
    expect(photo.length).toBeGreaterThan(9 * 1024 * 1024);
    await stories
      .getByLabel('Upload a file for Cover image')
      .setInputFiles({ name: `cover-${tag}.png`, mimeType: 'image/png', buffer: photo });
    await expect(toast(page).filter({ hasText: `Uploaded cover-${tag}.webp, made smaller from 9.` })).toBeVisible();
    await stories.getByRole('button', { name: 'Update blog post' }).click();
    await expect(toast(page)).toHaveText(/Updated blog post/);

    await untilBuilt(page, '/contact/', week.phone);
    await untilBuilt(page, `/blog/${week.story}-corrected/`, `cover-${tag}`);
    const moved = await page.request.get(`/blog/${week.story}/`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    await page.goto(`/blog/${week.story}/`);
    await expect(page.getByRole('heading', { level: 1, name: `${title} (corrected)` })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(week.phone);

    // Put the shipped number back for the specs that expect it.
    await page.goto('/samu');
    await savePhone(page, SHIPPED_PHONE);
    await untilBuilt(page, '/contact/', `WhatsApp at ${SHIPPED_PHONE}`);
  });
}
