/**
 * Staff notifications in the dashboard (issue 16, "Done when"): "new" counts on the tabs after public submissions,
 * cleared by opening a tab for that staff member only; and the outbox with sent and failed emails and Resend, against
 * the run's real SMTP server (`smtp-server`, support/mail-sink.ts) on the port the site's `SMTP_URL` names.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { e2eNotifiedAdmins } from './support/admin.ts';
import { trackFromPage } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { receivedMail } from './support/mailbox.ts';

// One worker, in order: the two staff members' marks belong to this file. The run's SMTP server (support/mail-sink.ts)
// refuses a message naming `Refused <hex>` once (a final 550), then accepts it when it is sent again.
test.describe.configure({ mode: 'serial' });

const [amina, brian] = e2eNotifiedAdmins;
const tag = randomBytes(4).toString('hex');

/** Signs in through the form in a browser context of its own (its own localStorage). */
async function signIn(browser: Browser, account: { username: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/samu');
  await expect(page.getByLabel('Username')).toBeEditable();
  await page.getByLabel('Username').fill(account.username);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff dashboard' })).toBeVisible();
  return page;
}

async function openTab(page: Page, name: string): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
  return page.getByRole('tabpanel');
}

/** The number on a tab's "new" badge (0 when it has none). */
async function newCount(page: Page, name: string): Promise<number> {
  const badge = page.getByRole('tab', { name, exact: true }).locator('.tab-badge');
  if ((await badge.count()) === 0) return 0;
  return Number(/^(\d+) new$/.exec((await badge.textContent()) ?? '')?.[1] ?? 0);
}

const track = trackFromPage;

const contact = (name: string, subject: string) => ({
  name,
  email: `${tag}@example.org`,
  subject,
  message: 'Please call me back.',
});

test('each staff member sees "new" counts on tabs, and opening a tab clears them for that member only', async ({
  browser,
}) => {
  const first = await signIn(browser, amina);
  const second = await signIn(browser, brian);
  // Start from a clean slate for both: open Contacts and Volunteers once.
  for (const page of [first, second]) {
    for (const name of ['Contacts', 'Volunteers']) {
      await openTab(page, name);
      await expect(page.getByRole('tab', { name, exact: true }).locator('.tab-badge')).toHaveCount(0);
    }
    await openTab(page, 'Programs');
  }

  await track(first, 'contact_submit', contact(`Wanjiku ${tag}`, `Visit ${tag}`));
  await track(first, 'contact_submit', contact(`Otieno ${tag}`, `Question ${tag}`));
  await track(first, 'volunteer_application', {
    name: `Achieng ${tag}`,
    email: `${tag}@example.org`,
    phone: '+254700000000',
    age: 30,
    nationality: 'Kenyan',
    availability: 'Weekends only',
    motivation: 'To help',
  });

  // Other specs may add rows at the same time: at least ours are counted, live, on both dashboards.
  for (const page of [first, second]) {
    await expect.poll(() => newCount(page, 'Contacts')).toBeGreaterThanOrEqual(2);
    await expect.poll(() => newCount(page, 'Volunteers')).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole('tab', { name: 'Contacts', exact: true })).toHaveAccessibleDescription(/^\d+ new$/);
  }

  const panel = await openTab(first, 'Contacts');
  await expect(first.getByRole('tab', { name: 'Contacts', exact: true }).locator('.tab-badge')).toHaveCount(0);
  for (const name of [`Wanjiku ${tag}`, `Otieno ${tag}`]) {
    const row = panel.getByRole('row').filter({ hasText: name });
    await expect(row).toHaveClass(/row-new/);
    await expect(row.getByText('New', { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(first);

  // The other staff member still has them as new, after a reload too; the first one's count stays cleared.
  await second.reload();
  await expect.poll(() => newCount(second, 'Contacts')).toBeGreaterThanOrEqual(2);
  await first.reload();
  await expect(first.getByRole('tab', { name: 'Contacts', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(
    first
      .getByRole('tabpanel')
      .getByRole('row')
      .filter({ hasText: `Wanjiku ${tag}` }),
  ).not.toHaveClass(/row-new/);
  await expect.poll(() => newCount(first, 'Volunteers')).toBeGreaterThanOrEqual(1);

  await openTab(second, 'Contacts');
  await expect(second.getByRole('tab', { name: 'Contacts', exact: true }).locator('.tab-badge')).toHaveCount(0);
  await first.context().close();
  await second.context().close();
});

test('the outbox lists sent and failed notifications, and Resend sends a failed one', async ({ browser }) => {
  const page = await signIn(browser, amina);
  const panel = await openTab(page, 'Notifications');

  // This staff member asks for instant emails too.
  await panel.getByRole('radio', { name: 'Instant emails' }).check();
  await panel.getByLabel('Your email address').fill('amina@tumaini.example');
  await panel.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText('Notification settings saved');

  await track(page, 'contact_submit', contact(`Sent ${tag}`, `Accepted ${tag}`));
  await track(page, 'contact_submit', contact(`Refused ${tag}`, `Refused ${tag}`));

  await panel.getByLabel('Search notifications').fill(tag);
  const row = (name: string) => panel.getByRole('row').filter({ hasText: `Name: ${name} ${tag}` });
  await expect(async () => {
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(row('Sent').getByText('Sent', { exact: true })).toBeVisible({ timeout: 2000 });
    await expect(row('Refused').getByText('Failed', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  await expect(row('Refused')).toContainText('550');
  await expect(row('Sent')).toContainText('office@tumaini.example, amina@tumaini.example');
  await expect(panel.getByText('Emails are sent through the SMTP server set in SMTP_URL.')).toBeVisible();

  const accepted = (await receivedMail()).find((mail) => mail.text.includes(`Sent ${tag}`));
  expect(accepted?.to.sort()).toEqual(['amina@tumaini.example', 'office@tumaini.example']);
  expect(accepted?.subject).toMatch(/^New contact message \(#\d+\)$/);
  expect(accepted?.text).toMatch(/\/samu\?item=\d+#contacts/);

  await row('Refused')
    .getByRole('button', { name: /^Resend/ })
    .click();
  await expect(async () => {
    await panel.getByRole('button', { name: 'Refresh' }).click();
    await expect(row('Refused').getByText('Sent', { exact: true })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 10_000 });
  const all = await receivedMail();
  expect(all.filter((mail) => mail.text.includes(`Refused ${tag}`))).toHaveLength(1);
  expect(all.filter((mail) => mail.text.includes(`Sent ${tag}`))).toHaveLength(1);
  await expectNoAxeViolations(page);

  // Back to no emails, so other runs against this database are not affected.
  await panel.getByRole('radio', { name: 'No emails' }).check();
  await panel.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText('Notification settings saved');

  // The email's link opens the contact's row in its tab.
  const link = /\/samu\?item=\d+#contacts/.exec(accepted?.text ?? '')?.[0] ?? '/samu#missing-link';
  await page.goto(link);
  await expect(page.getByRole('tab', { name: 'Contacts', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel').locator('tr[aria-current="true"]')).toContainText(`Sent ${tag}`);
  await page.context().close();
});
