/**
 * A contact message as a case, end to end: a visitor writes through /contact; the office's notification answers to
 * the visitor (Reply-To); staff open it in /samu, take it, reply from the contact template (edited before sending)
 * and the reply reaches the run's SMTP server from the charity's office address; marked done, it leaves the open
 * queue.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import siteContent from '../../src/content/site.json' with { type: 'json' };
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';
import { mailTo } from './support/mailbox.ts';

const OFFICE = siteContent[0]!.contact.email;

test('a visitor’s message is taken, answered from the template and marked done in /samu', async ({
  page,
  context,
  request,
}) => {
  const tag = randomBytes(4).toString('hex');
  const name = `Njeri Case ${tag}`;
  const email = `njeri.${tag}@example.org`;
  const subject = `Class visit ${tag}`;

  const visitor = await context.newPage();
  await visitor.goto('/contact');
  const form = visitor.getByRole('form', { name: 'Send Us a Message' });
  await form.scrollIntoViewIfNeeded();
  await touchIsland(visitor, form);
  await form.getByLabel('Your Name *').fill(name);
  await form.getByLabel('Email Address *').fill(email);
  await form.getByLabel('Subject *').fill(subject);
  await form.getByLabel('Your Message *').fill('May our class of 30 visit the school in March?');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(visitor.getByText('Your message has been sent')).toBeVisible();

  // The office is told, and answering from a mail program goes straight to the visitor.
  const [notice] = await mailTo('office@tumaini.example', (mail) => mail.text.includes(name));
  expect(notice?.header('reply-to')).toContain(email);

  await signIn(page, request);
  const panel = await openTab(page, 'Contacts');
  // The first list of a run waits for its function to be built.
  await expect(panel.getByText('Loading contacts...')).toHaveCount(0, { timeout: 30_000 });
  const row = panel.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('0 of 24 hours');
  await expect(row.locator('.badge-overdue')).toHaveCount(0);
  await row.getByRole('button', { name: /^Open/ }).click();
  const dialog = page.getByRole('dialog', { name: `Message from ${name}` });
  // As does the first case opened.
  await expect(dialog).toContainText('May our class of 30 visit the school in March?', { timeout: 30_000 });
  await expect(dialog.locator('.application-state')).toHaveText('Open');
  await expect(dialog.locator('.application-summary')).toContainText('Held byNobody yet');

  await dialog.getByRole('button', { name: 'Take it' }).click();
  await expect(toast(page)).toHaveText('You hold this message');
  await expect(dialog.getByRole('button', { name: 'Release it' })).toBeVisible();
  await expect(dialog.locator('.application-summary')).not.toContainText('Nobody yet');

  // The reply starts from the contact template, filled for the visitor; staff write their answer into it.
  await expect(dialog.getByLabel('Subject')).toHaveValue(`Re: ${subject}`);
  const message = dialog.getByLabel('Message');
  await expect(message).toHaveValue(
    new RegExp(`^Dear ${name},\\n\\nThank you for writing to us about "${subject}"\\.`),
  );
  const drafted = await message.inputValue();
  const answer = drafted.replace('\n\n\n\n', '\n\nYes: any weekday in March suits us, from 9 to 12.\n\n');
  await message.fill(answer);
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Send reply' }).click();
  await expect(toast(page)).toHaveText(`Reply queued to ${email}`);
  await expect(dialog.locator('.application-state')).toHaveText('Replied');

  const [reply] = await mailTo(email, (mail) => mail.subject === `Re: ${subject}`);
  expect(reply?.header('from')).toContain(OFFICE);
  expect(reply?.header('reply-to')).toContain(OFFICE);
  expect(reply?.text).toContain('Yes: any weekday in March suits us, from 9 to 12.');
  await expect(dialog.locator('.application-history li').filter({ hasText: 'Reply sent' })).toContainText(
    `Re: ${subject}`,
  );

  await dialog.getByRole('button', { name: 'Mark done' }).click();
  await expect(toast(page)).toHaveText('Message done');
  await expect(dialog.locator('.application-state')).toHaveText('Done');
  await expect(dialog.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Done, it leaves the open queue, and is found among the done messages.
  await expect(row).toHaveCount(0);
  await panel.getByLabel('Show').selectOption({ label: 'Done' });
  await expect(row).toContainText('Done');
});
