/**
 * The privacy notice and the Privacy tab in the browser: the /privacy notice (linked from every form and the footer)
 * shows the retention periods; the Privacy tab of /samu finds a person, exports them, erases them with a reason, and
 * records a breach with its deadline; a record that only shares a phone with the person is shown as possibly the same
 * person and stays out of the export until staff confirm it.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { staffList, trackFromPage } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';

const tag = randomBytes(4).toString('hex');

test('the privacy notice says who we are, what each form collects, how long it is kept, and how to ask', async ({
  page,
}) => {
  await page.goto('/contact/');
  await page
    .locator('form')
    .filter({ hasText: 'privacy notice' })
    .first()
    .getByRole('link', { name: 'Privacy notice' })
    .click();
  await expect(page).toHaveURL(/\/privacy\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy notice' })).toBeVisible();
  for (const heading of [
    'Who we are',
    'What each form collects and why',
    'How long we keep it',
    'Who else receives it',
    'Your rights',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.locator('#retention')).toContainText('Contact messages: deleted 2 years after we receive them');
  await expect(page.locator('#retention')).toContainText('deleted 1 year after the last change');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' }).first()).toBeVisible();
  await expectNoAxeViolations(page);
});

test('staff find a person, export them, erase them with a reason, and record a breach', async ({ page, request }) => {
  const email = `person-${tag}@example.org`;
  await page.goto('/');
  await trackFromPage(page, 'contact_submit', {
    name: `Wanjiru ${tag}`,
    email,
    subject: 'Visit',
    message: 'Hello',
  });
  await signIn(page, request);
  const panel = await openTab(page, 'Privacy');
  await panel.getByLabel('Email address or phone number').fill(email);
  await panel.getByRole('button', { name: 'Find everything held' }).click();
  await expect(panel.getByText(/^Contact messages \(1\)$/)).toBeVisible();
  await expectNoAxeViolations(page);

  await panel.getByLabel('Reason (kept in the audit trail)').fill('Her access request of today');
  const downloading = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Export JSON' }).click();
  const file = JSON.parse(await readFile(await (await downloading).path(), 'utf8')) as {
    records: Record<string, { email?: string }[]>;
  };
  expect(file.records['contacts']?.[0]?.email).toBe(email);

  await panel.getByRole('button', { name: 'Erase this person' }).click();
  await panel.getByRole('button', { name: 'Confirm erasure' }).click();
  await expect(toast(page)).toHaveText('Person erased');
  await expect(panel.getByRole('status')).toContainText('Contact messages: 1 deleted');
  expect((await staffList<{ email: string }>(request, 'contacts')).some((row) => row.email === email)).toBe(false);

  await panel.getByLabel('When it was found').fill('2026-11-25T09:30');
  await panel.getByLabel('What happened').fill(`Laptop ${tag} stolen`);
  await panel.getByLabel('Who is affected (a group or a count)').fill('About 40 applicants');
  await panel.getByRole('button', { name: 'Record breach' }).click();
  const breach = panel.getByRole('article').filter({ hasText: `Laptop ${tag} stolen` });
  await expect(breach).toContainText('Tell the Data Commissioner by');
  await breach.getByRole('checkbox', { name: /Stop the breach/ }).check();
  await expect(breach.getByRole('checkbox', { name: /Stop the breach/ })).toBeChecked();
  await expectNoAxeViolations(page);
});

test('a record sharing only a phone is possibly the same person, and is exported only once staff confirm it', async ({
  page,
  request,
}) => {
  const sender = `sender-${tag}@example.org`;
  const stranger = `stranger-${tag}@example.org`;
  // A phone number of this run only, so other runs' records never share it.
  const phone = `07${String(parseInt(tag, 16) % 100_000_000).padStart(8, '0')}`;
  const application = { age: 30, nationality: 'Kenyan', availability: 'Weekends', motivation: 'To help', phone };
  await page.goto('/');
  await trackFromPage(page, 'volunteer_application', { ...application, name: `Sender ${tag}`, email: sender });
  await trackFromPage(page, 'volunteer_application', { ...application, name: `Stranger ${tag}`, email: stranger });
  await signIn(page, request);
  const panel = await openTab(page, 'Privacy');
  await panel.getByLabel('Email address or phone number').fill(sender);
  await panel.getByRole('button', { name: 'Find everything held' }).click();
  const result = panel.getByRole('region', { name: 'What we hold' });
  await expect(result.getByText(/^Applications \(1\)$/)).toBeVisible();
  const possibly = panel.getByRole('region', { name: 'Possibly the same person' });
  const match = possibly.getByRole('article', { name: `Email address: ${stranger}` });
  await expect(match).toBeVisible();
  await expectNoAxeViolations(page);

  const exported = async () => {
    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export JSON' }).click();
    return readFile(await (await downloading).path(), 'utf8');
  };
  await panel.getByLabel('Reason (kept in the audit trail)').fill('His access request of today');
  const before = await exported();
  expect(before).toContain(sender);
  expect(before).not.toContain(stranger);

  await match.getByLabel('How you know this is the same person').fill('He wrote from both addresses');
  await match.getByRole('button', { name: 'Confirm same person' }).click();
  await expect(toast(page)).toHaveText('Confirmed as the same person');
  await expect(result.getByText(/^Applications \(2\)$/)).toBeVisible();
  await expect(possibly).toBeHidden();
  expect(await exported()).toContain(stranger);
});
