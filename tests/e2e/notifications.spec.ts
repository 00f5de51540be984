/**
 * Staff notifications in the dashboard: "new" counts on the tabs after public submissions,
 * cleared by opening a tab for that staff member only; and the outbox with sent and failed emails and Resend, against
 * the run's real SMTP server (`smtp-server`, support/mail-sink.ts) on the port the site's `SMTP_URL` names.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { e2eApplicationsAdmin, e2eNotifiedAdmins } from '../../support/e2e/accounts.ts';
import { trackFromPage } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { receivedMail } from './support/mailbox.ts';
import { sectionTab } from './support/dashboard.ts';

// One worker, in order: the two staff members' marks belong to this file. The run's SMTP server (support/mail-sink.ts)
// refuses a message naming `Refused <hex>` once (a final 550), then accepts it when it is sent again.
test.describe.configure({ mode: 'serial' });

const [amina, brian] = e2eNotifiedAdmins;
const tag = randomBytes(4).toString('hex');
/** The applicant the issue-32 case accepts. */
const acceptedApplicant = `Akinyi ${tag}`;
/** The address of the staff member answering it. */
const staffAddress = `zawadi.${tag}@tumaini.example`;

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
  await (await sectionTab(page, name)).click();
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
    for (const name of ['Contacts', 'Applications']) {
      await openTab(page, name);
      await expect(page.getByRole('tab', { name, exact: true }).locator('.tab-badge')).toHaveCount(0);
    }
    // A section without "new" counts, in the same group, so the Contacts and Applications tabs stay in sight.
    await openTab(page, 'Privacy');
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
    await expect.poll(() => newCount(page, 'Applications')).toBeGreaterThanOrEqual(1);
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
  await expect.poll(() => newCount(first, 'Applications')).toBeGreaterThanOrEqual(1);

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
  await expect(panel.getByText("Emails are sent through the charity's email server.")).toBeVisible();

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

test('staff edit the volunteer "accepted" reply template in /samu: an unknown placeholder is refused at its field, then the text is saved with who changed it', async ({
  browser,
}) => {
  const page = await signIn(browser, e2eApplicationsAdmin);
  // Replies go out Reply-To this staff member's own address.
  const settings = await openTab(page, 'Notifications');
  // The stored settings load first (and would overwrite what is typed before they arrive).
  await expect(settings.getByRole('radio', { name: 'No emails' })).toBeEnabled();
  await settings.getByLabel('Your email address').fill(staffAddress);
  await settings.getByRole('button', { name: 'Save notification settings' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText('Notification settings saved');
  const panel = await openTab(page, 'Applications');
  const templatesAnswer = (method: string) =>
    page.waitForResponse(
      (res) =>
        res.request().method() === method && new URL(res.url()).pathname.startsWith('/api/admin/reply-templates'),
    );
  const opener = panel.getByRole('button', { name: 'Reply templates' });
  // The stored texts arrive before anything is typed (they would overwrite it).
  const listed = templatesAnswer('GET');
  await opener.click();
  expect((await listed).status()).toBe(200);
  const templates = page.getByRole('dialog', { name: 'Reply templates' });
  await templates.getByLabel('Template for').selectOption({ label: 'Volunteer application' });
  await templates.getByLabel('Outcome').selectOption({ label: 'Accepted' });
  await expect(templates.getByLabel('Subject')).toHaveValue(/\S/);
  await templates.getByLabel('Subject').fill(`Welcome aboard, {name} (${tag})`);
  const text = templates.getByLabel('Message');
  await text.fill(`Dear {Name},\n\nYou join us as a {opportunity}.`);
  const refused = templatesAnswer('PUT');
  await templates.getByRole('button', { name: 'Save template' }).click();
  expect((await refused).status()).toBe(400);
  await expect(text).toHaveAccessibleDescription(
    /Message has an unknown placeholder \{Name\}: use \{name\}, \{opportunity\}, \{subject\} or \{staffName\}/,
  );
  await expectNoAxeViolations(page);
  await text.fill(`Dear {name},\n\nYou join us as a {opportunity} (${tag}).\n\nKaribu,\n{staffName}`);
  const saved = templatesAnswer('PUT');
  await templates.getByRole('button', { name: 'Save template' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText('Reply template saved');
  await expect(templates).toContainText(`Last changed by ${e2eApplicationsAdmin.username.toLowerCase()}`);
  await expect(text).not.toHaveAttribute('aria-invalid');
  await templates.getByRole('button', { name: 'Close' }).click();
  await expect(templates).toBeHidden();
  await expect(opener).toBeFocused();
  await page.context().close();
});

test('an application is acknowledged on arrival, worked new → in review → accepted, and answered from the edited template with Reply-To the staff member', async ({
  browser,
}) => {
  const page = await signIn(browser, e2eApplicationsAdmin);
  const name = acceptedApplicant;
  const applicant = `akinyi.${tag}@volunteers.example.org`;
  await track(page, 'volunteer_application', {
    name,
    email: applicant,
    phone: '+254700000032',
    age: 27,
    nationality: 'Kenyan',
    availability: 'Weekdays',
    motivation: 'Reading with children',
    opportunity: 'education-general',
  });
  await expect
    .poll(async () => (await receivedMail()).find((mail) => mail.to.includes(applicant))?.subject)
    .toBe('We received your volunteer application');
  const ack = (await receivedMail()).find((mail) => mail.to.includes(applicant));
  expect(ack?.text).toContain(`Dear ${name},`);
  expect(ack?.text).toMatch(/contact you within 3–5 business days, by \w+day \d+ \w+ \(Nairobi time\)/);

  const panel = await openTab(page, 'Applications');
  await panel.getByLabel('Kind').selectOption({ label: 'Volunteer' });
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('New');
  await expect(row).toContainText('Classroom Teaching Assistant');
  await expect(row).toContainText('0 of 5 business days');
  await expect(row.locator('.badge-overdue')).toHaveCount(0);

  await row.getByRole('button', { name: /^Open/ }).click();
  const dialog = page.getByRole('dialog', { name: `Volunteer application from ${name}` });
  await expect(dialog.getByText('Acknowledgement sent')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Start review' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText('Application in review');
  await expect(dialog.locator('.application-summary')).toContainText(`Held by${e2eApplicationsAdmin.username}`);
  await dialog.getByLabel('New note').fill('Called her: starts on Monday.');
  await dialog.getByRole('button', { name: 'Add note' }).click();
  await expect(dialog.locator('.application-history')).toContainText('Called her: starts on Monday.');
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog.locator('.application-state')).toHaveText('Accepted');

  // The reply starts from the template as edited in the case above, placeholders filled; the staff member adds a line.
  // Signed with the staff member's display name; this one has set none, so the team signs (never the username).
  const signature = "The team at Tumaini Children's Foundation";
  const drafted = `Dear ${name},\n\nYou join us as a Classroom Teaching Assistant (${tag}).\n\nKaribu,\n${signature}`;
  const subject = `Welcome aboard, ${name} (${tag})`;
  await expect(dialog.getByLabel('Subject')).toHaveValue(subject);
  const message = dialog.getByLabel('Message');
  await expect(message).toHaveValue(drafted);
  await message.fill(`${drafted}\n\nSee you on Monday at 9.`);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText(`Reply queued to ${applicant}`);
  await expect
    .poll(async () => (await receivedMail()).some((mail) => mail.to.includes(applicant) && mail.subject === subject))
    .toBeTruthy();
  const reply = (await receivedMail()).find((mail) => mail.to.includes(applicant) && mail.subject === subject);
  expect(reply?.header('reply-to')).toContain(staffAddress);
  expect(reply?.text.trim()).toBe(`${drafted}\n\nSee you on Monday at 9.`);
  // The record shows what was sent and when.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: /^Open/ }).click();
  await expect(dialog.locator('.application-history li').filter({ hasText: 'Reply sent' })).toContainText(
    /delivered \d/,
  );
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.context().close();
});

test('the audit shows each step of the cases above; two weeks on (the page clock), an application still new is past its promise: marked overdue and listed first', async ({
  browser,
}) => {
  const page = await signIn(browser, e2eApplicationsAdmin);
  // The audit trail holds each step: the template change, and the application's state, holder, note and reply.
  const activity = await openTab(page, 'Recent Activity');
  const steps = activity.getByRole('row').filter({ hasText: 'application' });
  for (const change of [
    /moved .+ application from/,
    /(gave|let go of) .+ application/,
    /added a note to/,
    /replied to/,
  ]) {
    await expect(steps.filter({ hasText: change }).first()).toBeVisible();
  }
  await expect(activity.getByRole('row').filter({ hasText: 'changed a reply template' }).first()).toBeVisible();

  await track(page, 'volunteer_application', {
    name: `Late ${tag}`,
    email: `late.${tag}@volunteers.example.org`,
    phone: '+254700000033',
    age: 31,
    nationality: 'Kenyan',
    availability: 'Weekends',
    motivation: 'To help',
  });
  const panel = await openTab(page, 'Applications');
  await expect(panel.getByRole('row').filter({ hasText: `Late ${tag}` })).toContainText('New');
  await page.clock.install();
  await page.clock.setSystemTime(Date.now() + 14 * 24 * 60 * 60 * 1000);
  await openTab(page, 'Contacts');
  await openTab(page, 'Applications');
  const late = panel.getByRole('row').filter({ hasText: `Late ${tag}` });
  await expect(late.locator('.badge-overdue')).toHaveText('Overdue');
  // The application answered in the case above is not overdue, however old.
  await expect(panel.getByRole('row').filter({ hasText: acceptedApplicant })).toContainText('Accepted');
  await expect(panel.getByRole('row').filter({ hasText: acceptedApplicant }).locator('.badge-overdue')).toHaveCount(0);
  await expect(panel.locator('tbody tr').first().locator('.badge-overdue')).toHaveText('Overdue');
  await page.context().close();
});

test('staff invite a colleague by email: the one-time link sets a password and signs in once; removal ends their session', async ({
  browser,
}) => {
  const page = await signIn(browser, e2eApplicationsAdmin);
  const address = `colleague.${tag}@tumaini.example`;
  const username = `colleague-${tag}`;
  const staff = await openTab(page, 'Staff');
  await staff.getByLabel('Their email address').fill(address);
  await staff.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText(`Invitation sent to ${address}`);
  await expect(staff.getByText('Open invitations')).toBeVisible();

  await expect.poll(async () => (await receivedMail()).some((mail) => mail.to.includes(address))).toBe(true);
  const invitation = (await receivedMail()).find((mail) => mail.to.includes(address));
  expect(invitation?.text).toContain('72 hours');
  const link = /\/samu#set-password=[A-Za-z0-9_-]+/.exec(invitation?.text ?? '')?.[0] ?? '/samu#set-password=missing';

  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('heading', { level: 1, name: 'Join the staff dashboard' })).toBeVisible();
  await expect(colleague.getByText(`Invitation for ${address}.`)).toBeVisible();
  await expectNoAxeViolations(colleague);
  await colleague.getByLabel('Choose a username').fill(username);
  await colleague.getByLabel('New password').fill('a colleague password');
  await colleague.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Staff dashboard', exact: true })).toBeVisible();
  // The link is gone from the address bar, and it works only once.
  expect(await colleague.evaluate(() => location.hash)).toBe('');
  const again = await (await browser.newContext()).newPage();
  await again.goto(link);
  await expect(again.getByRole('alert')).toHaveText(/expired or was already used/);
  await again.context().close();

  // The new colleague is listed with a sign-in; removing them ends their open session at their next request.
  await page.reload();
  const list = await openTab(page, 'Staff');
  const entry = list.getByRole('listitem').filter({ hasText: username });
  await expect(entry).toContainText(address);
  await expect(entry).not.toContainText('Last sign-in: never');
  await entry.getByRole('button', { name: `Remove ${username}` }).click();
  await page
    .getByRole('dialog', { name: `Remove ${username}?` })
    .getByRole('button', { name: 'Remove account' })
    .click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText(`Removed ${username}`);
  await expect(list.getByRole('listitem').filter({ hasText: username })).toHaveCount(0);

  // Their token no longer works: the next request they make (here, loading the dashboard) signs them out.
  await colleague.reload();
  await expect(colleague.getByRole('heading', { level: 1, name: 'Staff sign in' })).toBeVisible();
  await colleague.context().close();
  await page.context().close();
});

test('an open invitation is withdrawn from the Staff tab: its link then says it was withdrawn', async ({ browser }) => {
  const page = await signIn(browser, e2eApplicationsAdmin);
  const address = `withdrawn.${tag}@tumaini.example`;
  const staff = await openTab(page, 'Staff');
  await staff.getByLabel('Their email address').fill(address);
  await staff.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.locator('.toast-region').getByRole('status')).toHaveText(`Invitation sent to ${address}`);
  await expect.poll(async () => (await receivedMail()).some((mail) => mail.to.includes(address))).toBe(true);
  const invitation = (await receivedMail()).find((mail) => mail.to.includes(address));
  const link = /\/samu#set-password=[A-Za-z0-9_-]+/.exec(invitation?.text ?? '')?.[0] ?? '/samu#set-password=missing';

  const entry = staff.getByRole('listitem').filter({ hasText: address });
  await entry.getByRole('button', { name: `Withdraw invitation to ${address}` }).click();
  await page
    .getByRole('dialog', { name: `Withdraw the invitation to ${address}?` })
    .getByRole('button', { name: 'Withdraw invitation' })
    .click();
  await expect(
    page
      .locator('.toast-region')
      .getByRole('status')
      .filter({ hasText: `Invitation to ${address} withdrawn` }),
  ).toBeVisible();
  await expect(staff.getByRole('listitem').filter({ hasText: address })).toHaveCount(0);

  const colleague = await (await browser.newContext()).newPage();
  await colleague.goto(link);
  await expect(colleague.getByRole('alert')).toHaveText(/This invitation was withdrawn/);
  await colleague.context().close();
  await page.context().close();
});
