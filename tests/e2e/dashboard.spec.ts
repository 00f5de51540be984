/**
 * The staff dashboard at /samu, walked in Chromium against `npm start`: the content forms with an upload, live
 * activity from a second page, search, CSV export, backup, and a list that could not reload.
 */
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { expect, test, type Download, type Page } from '@playwright/test';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { staffToken, trackFromPage } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { touchIsland, waitForHydration } from '../../support/browser/hydration.ts';
import { largePng } from './support/images.ts';

// One worker for this file, in order: each test holds a live stream open and the dashboard fans out calls, so running
// them side by side only slows the shared server down for every other suite.
test.describe.configure({ mode: 'default' });

/** A 1×1 PNG: the upload endpoint recognises files by their bytes. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A short random tag so rows made by this run are told apart from any other test's rows. */
const tag = () => randomBytes(4).toString('hex');

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ download: Download; text: string }> {
  const waiting = page.waitForEvent('download');
  await click();
  const download = await waiting;
  const path = await download.path();
  return { download, text: await readFile(path, 'utf8') };
}

test('creates, edits and deletes a program, a blog post and a media item with an uploaded image', async ({
  page,
  request,
}) => {
  const id = tag();
  await signIn(page, request);

  // Programs: upload an image, check the shared schema's inline problems, a duplicate slug (409), edit, delete.
  let panel = await openTab(page, 'Programs');
  const program = `E2E Reading Club ${id}`;
  await panel.getByRole('button', { name: 'New program' }).click();
  await expect(panel.getByRole('heading', { name: 'New program' })).toBeFocused();
  await panel.getByRole('button', { name: 'Create program' }).click();
  const title = panel.getByRole('textbox', { name: /^Title/ });
  await expect(title).toHaveAttribute('aria-invalid', 'true');
  await expect(title).toHaveAccessibleDescription('Title is required');
  await expect(title).toBeFocused();
  await title.fill(program);
  await expect(panel.getByRole('textbox', { name: /^Slug/ })).toHaveValue(`e2e-reading-club-${id}`);
  await panel.getByRole('textbox', { name: 'Summary' }).fill('Saturday reading for Westlands children.');
  await panel.getByRole('textbox', { name: 'Content' }).fill('Volunteers read with children every Saturday.');
  await panel
    .getByLabel('Upload a file for Image')
    .setInputFiles({ name: 'reading.png', mimeType: 'image/png', buffer: PNG });
  await expect(panel.getByRole('textbox', { name: 'Image', exact: true })).toHaveValue(/^\/media\/.+/);
  await expectNoAxeViolations(page);
  await panel.getByRole('button', { name: 'Create program' }).click();
  await expect(toast(page)).toHaveText(/Created program/);
  await expect(panel.getByRole('heading', { name: 'New program' })).toHaveCount(0);
  await expect(panel.getByRole('row').filter({ hasText: program })).toHaveCount(1);

  await panel.getByRole('button', { name: 'New program' }).click();
  await panel.getByRole('textbox', { name: /^Title/ }).fill(`${program} again`);
  await panel.getByRole('textbox', { name: /^Slug/ }).fill(`e2e-reading-club-${id}`);
  await panel.getByRole('button', { name: 'Create program' }).click();
  const slug = panel.getByRole('textbox', { name: /^Slug/ });
  await expect(slug).toHaveAttribute('aria-invalid', 'true');
  await expect(slug).toHaveAccessibleDescription(/Another program already uses this slug/);
  await expect(panel.getByRole('textbox', { name: /^Title/ })).toHaveValue(`${program} again`);
  await panel.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('heading', { name: 'New program' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'New program' }).click();
  await expect(panel.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
  await panel.getByRole('button', { name: 'Cancel' }).click();

  await page.route(/\/api\/admin\/programs\/\d+$/, (route) =>
    route.request().method() === 'GET' ? route.fulfill({ status: 500, json: { error: 'boom' } }) : route.continue(),
  );
  await panel.getByRole('button', { name: `Edit program ${program}` }).click();
  await expect(toast(page)).toHaveText(/Failed to load program/);
  await expect(panel.getByRole('heading', { name: /Edit program/ })).toHaveCount(0);
  await page.unroute(/\/api\/admin\/programs\/\d+$/);

  await panel.getByRole('button', { name: `Edit program ${program}` }).click();
  await expect(panel.getByRole('heading', { name: /Edit program/ })).toBeVisible();
  await expect(panel.getByRole('textbox', { name: /^Title/ })).toHaveValue(program);
  await expect(panel.getByRole('textbox', { name: 'Image', exact: true })).toHaveValue(/^\/media\/.+/);
  await panel.getByRole('textbox', { name: /^Title/ }).fill(`${program} (updated)`);
  await panel.getByRole('button', { name: 'Update program' }).click();
  await expect(toast(page)).toHaveText(/Updated program/);
  await expect(panel.getByRole('row').filter({ hasText: `${program} (updated)` })).toHaveCount(1);

  await panel.getByRole('button', { name: `Delete program ${program} (updated)` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this program?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(panel.getByRole('row').filter({ hasText: program })).toHaveCount(1);
  await panel.getByRole('button', { name: `Delete program ${program} (updated)` }).click();
  await dialog.getByRole('button', { name: 'Delete program' }).click();
  await expect(panel.getByRole('row').filter({ hasText: program })).toHaveCount(0);

  // Blog posts.
  panel = await openTab(page, 'Blog Posts');
  const post = `E2E Back to School ${id}`;
  await panel.getByRole('button', { name: 'New blog post' }).click();
  await panel.getByRole('textbox', { name: /^Title/ }).fill(post);
  await panel.getByRole('textbox', { name: 'Excerpt' }).fill('Uniforms and books for 40 pupils.');
  await panel
    .getByRole('textbox', { name: 'Content' })
    .fill('Thanks to our donors, every child started the term ready.');
  await panel.getByRole('button', { name: 'Create blog post' }).click();
  await expect(panel.getByRole('row').filter({ hasText: post })).toHaveCount(1);
  await panel.getByRole('button', { name: `Edit blog post ${post}` }).click();
  await expect(panel.getByRole('textbox', { name: 'Excerpt' })).toHaveValue('Uniforms and books for 40 pupils.');
  await panel.getByRole('textbox', { name: 'Excerpt' }).fill('Uniforms and books for 45 pupils.');
  await panel.getByRole('button', { name: 'Update blog post' }).click();
  await expect(panel.getByRole('row').filter({ hasText: post })).toContainText('45 pupils');
  await panel.getByRole('button', { name: `Delete blog post ${post}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete blog post' }).click();
  await expect(panel.getByRole('row').filter({ hasText: post })).toHaveCount(0);

  // Media: a refused upload, then an image, which gets its entry with size, type and use; invalid meta is
  // announced before saving and saved as {}.
  panel = await openTab(page, 'Media');
  const media = `e2e-classroom-${id}.png`;
  await panel.getByLabel('Upload a file for Media').setInputFiles({
    name: 'logo.svg',
    mimeType: 'image/svg+xml',
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await expect(toast(page)).toHaveText(/Upload failed/);
  await panel.getByLabel('Upload a file for Media').setInputFiles({ name: media, mimeType: 'image/png', buffer: PNG });
  const row = panel.getByRole('row').filter({ hasText: media });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('image/png');
  await expect(row).toContainText('Not used');
  // The preview is decorative (alt=""), so it is found by tag; a loaded image has a width.
  await expect(row.locator('img')).toHaveJSProperty('naturalWidth', 1);
  await panel.getByRole('button', { name: `Edit media item ${media}` }).click();
  const meta = panel.getByRole('textbox', { name: 'Meta (JSON object)' });
  await meta.fill('{alt: not json');
  await expect(meta).toHaveAccessibleDescription(/saved as an empty object/);
  await panel.getByRole('button', { name: 'Update media item' }).click();
  await expect(toast(page)).toHaveText(/Updated media item/);
  await panel.getByRole('button', { name: `Edit media item ${media}` }).click();
  await expect(meta).toHaveValue('');
  await meta.fill('{"alt": "Pupils in a Westlands classroom"}');
  await expect(meta).not.toHaveAttribute('aria-invalid', 'true');
  await panel.getByRole('button', { name: 'Update media item' }).click();
  await expect(row).toContainText('Alt: Pupils in a Westlands classroom');
  await panel.getByRole('button', { name: `Delete media item ${media}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete media item' }).click();
  await expect(row).toHaveCount(0);

  // Every change is in the audit trail, which reached Recent Activity live.
  panel = await openTab(page, 'Recent Activity');
  await expect(
    panel.getByRole('row').filter({ hasText: 'added the program' }).filter({ hasText: program }),
  ).toHaveCount(1);
  await expect(panel.getByRole('row').filter({ hasText: 'deleted the media item' }).first()).toBeVisible();
});

test('a photo over the upload limit is made smaller in the browser; a file that cannot be says why, with the limit', async ({
  page,
  request,
}) => {
  const id = tag();
  await signIn(page, request);
  const panel = await openTab(page, 'Media');
  const upload = panel.getByLabel('Upload a file for Media');
  await expect(upload).toHaveAccessibleDescription(/Up to 4 MB/);

  // A 5 MB PDF cannot be made smaller here: refused before sending, with its size, the limit and what to do.
  await upload.setInputFiles({
    name: `minutes-${id}.pdf`,
    mimeType: 'application/pdf',
    buffer: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(5 * 1024 * 1024, 32)]),
  });
  const reason = `minutes-${id}.pdf is 5.0 MB, and files can be at most 4 MB.`;
  await expect(toast(page).filter({ hasText: `Upload failed: ${reason}` })).toBeVisible();
  await expect(upload).toHaveAccessibleDescription(new RegExp(`Upload failed: ${reason.replaceAll('.', '\\.')}`));
  await expect(panel.getByRole('row').filter({ hasText: `minutes-${id}` })).toHaveCount(0);

  // A 9.6 MB photo (2400 × 1400) is redrawn smaller and sent: it arrives whole, aspect kept, well under the limit.
  const photo = largePng(2400, 1400);
  expect(photo.length).toBeGreaterThan(9 * 1024 * 1024);
  await upload.setInputFiles({ name: `phone-${id}.png`, mimeType: 'image/png', buffer: photo });
  await expect(toast(page).filter({ hasText: `Uploaded phone-${id}.webp, made smaller from 9.` })).toBeVisible({
    timeout: 30_000,
  });
  const row = panel.getByRole('row').filter({ hasText: `phone-${id}.webp` });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('image/webp');
  await expect(row.locator('img')).toHaveJSProperty('naturalWidth', 2400);
  await expect(row.locator('img')).toHaveJSProperty('naturalHeight', 1400);
  await panel.getByRole('button', { name: `Delete media item phone-${id}.webp` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete media item' }).click();
  await expect(row).toHaveCount(0);
});

test('a contact and a newsletter subscription sent from a second page appear live', async ({
  page,
  context,
  request,
}) => {
  const id = tag();
  await signIn(page, request);
  await expect(page.getByText('Activity stream: Live', { exact: true })).toBeVisible();
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  const visitor = await context.newPage();

  let panel = await openTab(page, 'Contacts');
  const name = `E2E Contact ${id}`;
  await visitor.goto('/contact');
  const form = visitor.getByRole('form', { name: 'Send Us a Message' });
  await form.scrollIntoViewIfNeeded();
  await touchIsland(visitor, form);
  await form.getByLabel('Your Name *').fill(name);
  await form.getByLabel('Email Address *').fill(`contact-${id}@example.org`);
  await form.getByLabel('What is it about?').selectOption('partnership');
  await form.getByLabel('Subject *').fill('School visit');
  await form.getByLabel('Your Message *').fill('May we visit on Friday?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Your message has been sent')).toBeVisible();
  // No reload: the stream's contact_submit event reloads the Contacts list.
  const contact = panel.getByRole('row').filter({ hasText: name });
  await expect(contact).toHaveCount(1);
  await expect(contact).toContainText('Partnership');
  await panel.getByRole('button', { name: new RegExp(`^Delete contact ${name}`) }).click();
  await page
    .getByRole('dialog', { name: 'Delete this contact?' })
    .getByRole('button', { name: 'Delete contact' })
    .click();
  await expect(toast(page)).toHaveText(/Deleted contact/);
  await expect(contact).toHaveCount(0);
  await expect(panel.getByRole('heading', { level: 2, name: 'Contacts' })).toBeFocused();

  panel = await openTab(page, 'Recent Activity');
  const email = `subscriber-${id}@example.org`;
  await visitor.goto('/');
  const footer = visitor.getByRole('contentinfo');
  await footer.scrollIntoViewIfNeeded();
  // Pressed before the form's script has run, the form would post natively and leave the page.
  await waitForHydration(visitor, visitor.locator('form.newsletter'));
  await footer.getByLabel('Email address').fill(email);
  await footer.getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer.getByRole('button', { name: 'Check your inbox' })).toBeVisible();
  // The sign-up is stored once the button says so: from then on, 2 s at most.
  await expect(panel.getByRole('row').filter({ hasText: email })).toContainText(
    `${email} signed up for the newsletter`,
    {
      timeout: 2_000,
    },
  );
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);

  panel = await openTab(page, 'Subscribers');
  await expect(panel.getByRole('row').filter({ hasText: email })).toHaveCount(1);
});

test('searches tables, exports CSV safely, shows volunteer details and downloads a backup', async ({
  page,
  request,
}) => {
  const id = tag();
  await page.goto('/');
  await trackFromPage(page, 'contact_submit', {
    name: `Alpha ${id}`,
    email: `alpha-${id}@example.org`,
    subject: '=HYPERLINK("http://evil.example","click")',
    message: 'Line one, with a comma\nand "quotes"',
  });
  await trackFromPage(page, 'contact_submit', {
    name: `Beta ${id}`,
    email: `beta-${id}@example.org`,
    subject: 'Hello',
    message: 'Hi',
  });
  await trackFromPage(page, 'internship_application', {
    name: `Intern ${id}`,
    email: `intern-${id}@example.org`,
    phone: '+254700000001',
    university: 'University of Nairobi',
    yearOfStudy: '4th Year',
    medicalField: 'Paediatrics',
    duration: '3 months',
  });
  await trackFromPage(page, 'donation_intent', {
    amount: 75,
    type: 'one-time',
    cause: 'education',
    paymentMethod: 'card',
    name: `Donor ${id}`,
    email: `donor-${id}@example.org`,
    timestamp: new Date().toISOString(),
  });
  await trackFromPage(page, 'newsletter_subscribe', { email: `news-${id}@example.org` });
  await signIn(page, request);

  let panel = await openTab(page, 'Contacts');
  const search = panel.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill(`alpha ${id}`);
  await expect(panel.getByRole('row').filter({ hasText: `Alpha ${id}` })).toHaveCount(1);
  await expect(panel.getByRole('row').filter({ hasText: `Beta ${id}` })).toHaveCount(0);
  await expect(panel.getByText(/1 of \d+ contacts match/)).toBeVisible();
  const { download, text } = await downloaded(page, () => panel.getByRole('button', { name: 'Export CSV' }).click());
  expect(download.suggestedFilename()).toMatch(/^contacts-\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = text.replace(/^\uFEFF/, '').split('\r\n');
  expect(lines[0]).toBe('ID,Received (Nairobi),Name,Email,Subject,Type,Status,Overdue,Held by,Message');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toContain(
    `Alpha ${id},alpha-${id}@example.org,"'=HYPERLINK(""http://evil.example"",""click"")",general,`,
  );
  expect(text).toContain('"Line one, with a comma\nand ""quotes"""');
  await search.fill('');
  await expect(panel.getByRole('row').filter({ hasText: `Beta ${id}` })).toHaveCount(1);

  panel = await openTab(page, 'Applications');
  const intern = panel.getByRole('row').filter({ hasText: `Intern ${id}` });
  await expect(intern).toContainText('Internship');
  await expect(intern.getByRole('term').filter({ hasText: 'Year of study' })).toBeVisible();
  await expect(intern.getByRole('definition').filter({ hasText: 'University of Nairobi' })).toBeVisible();
  await expect(intern).not.toContainText('{');
  await panel.getByRole('searchbox').fill(`intern-${id}`);
  const volunteers = await downloaded(page, () => panel.getByRole('button', { name: 'Export CSV' }).click());
  expect(volunteers.text).toContain('University: University of Nairobi');

  panel = await openTab(page, 'Donations');
  await panel.getByRole('searchbox').fill(`Donor ${id}`);
  await expect(panel.getByRole('row').filter({ hasText: `Donor ${id}` })).toContainText('$75.00');
  const donations = await downloaded(page, () => panel.getByRole('button', { name: 'Export CSV' }).click());
  expect(donations.text).toMatch(new RegExp(`Donor ${id},75,USD`));

  panel = await openTab(page, 'Subscribers');
  await panel.getByRole('searchbox').fill(`news-${id}`);
  await expect(panel.getByRole('row').filter({ hasText: `news-${id}@example.org` })).toContainText('Pending');
  // The export holds confirmed subscribers only: one who has not opened the confirmation link is left out.
  const subscribers = await downloaded(page, () => panel.getByRole('button', { name: 'Export CSV' }).click());
  expect(subscribers.text).not.toContain(`news-${id}@example.org`);

  await page.getByRole('button', { name: 'Create backup' }).click();
  const link = page.getByRole('link', { name: /^Download backup-.+\.json$/ });
  const waiting = page.waitForEvent('download');
  await link.click();
  const backup = await waiting;
  const file = backup.suggestedFilename();
  expect(file).toMatch(/^backup-.+\.json$/);
  await expect(toast(page)).toHaveText(`Backup created: ${file}`);
  const saved = await readFile(await backup.path(), 'utf8');
  expect(JSON.stringify(JSON.parse(saved))).toContain(`alpha-${id}@example.org`);

  await page.route('**/api/admin/db/backup', (route) => route.fulfill({ status: 500, json: { error: 'disk full' } }));
  await page.getByRole('button', { name: 'Create backup' }).click();
  await expect(toast(page)).toHaveText('Backup failed: disk full');
});

test('a list that could not reload says so on the list, keeps its rows, and recovers with Try again', async ({
  page,
  request,
}) => {
  const id = tag();
  const headers = { authorization: `Bearer ${await staffToken(request)}` };
  const title = `E2E Reload ${id}`;
  const created = await request.post('/api/admin/programs', {
    headers,
    data: { title, slug: `e2e-reload-${id}`, summary: 'A program to edit.', content: 'Hello.' },
  });
  expect(created.status()).toBe(201);
  await signIn(page, request);
  const panel = await openTab(page, 'Programs');
  await expect(panel.getByRole('row').filter({ hasText: title })).toHaveCount(1);
  const rowsBefore = await panel.getByRole('row').count();

  // The edit is saved, then the reload of the list that follows it fails.
  const lists = /\/api\/admin\/programs\?/;
  let reloads: 'fail' | 'hold' | 'pass' = 'fail';
  const held: (() => void)[] = [];
  await page.route(lists, async (route) => {
    if (reloads === 'fail') {
      const error = 'The service is temporarily unavailable; please try again later';
      return route.fulfill({ status: 503, json: { error } });
    }
    if (reloads === 'hold') await new Promise<void>((release) => held.push(release));
    return route.continue();
  });
  await panel.getByRole('button', { name: `Edit program ${title}` }).click();
  await panel.getByRole('textbox', { name: /^Summary/ }).fill('Edited while the list could not reload.');
  await panel.getByRole('button', { name: 'Update program' }).click();
  await expect(toast(page)).toHaveText(/Updated program/);
  const problem = panel.getByRole('alert');
  await expect(problem).toHaveText(
    'Could not reload programs: The service is temporarily unavailable; please try again later. The rows below may be out of date. Try again',
  );
  await expect(panel.getByRole('row')).toHaveCount(rowsBefore);

  // Other workers' writes reach this dashboard through the live stream, and each reloads the list: hold every
  // reload from here on, so that Try again is what brings the list back, not one of those.
  reloads = 'hold';
  const heldBefore = held.length;
  await problem.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => held.length).toBeGreaterThan(heldBefore);
  reloads = 'pass';
  for (const release of held) release();
  await expect(problem).toHaveCount(0);
  await expect(panel.getByRole('row').filter({ hasText: title })).toContainText(
    'Edited while the list could not reload.',
  );
  const { program } = (await created.json()) as { program: { id: string } };
  expect((await request.delete(`/api/admin/programs/${program.id}`, { headers })).status()).toBe(204);
});
