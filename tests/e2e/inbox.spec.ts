/**
 * The inbox, the first screen of /samu: a gift that came in after the staff member's last visit is marked new, one
 * from before it (since Monday) is listed without the mark, and the visit survives signing out and in; an application
 * past its promised answer is in "Needs action", which opens the Applications list.
 */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { e2eInboxOwner } from '../../support/e2e/accounts.ts';
import { trackFromPage } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab } from './support/dashboard.ts';
import { itemLine, recordGift, signInToInbox } from './support/inbox.ts';

// In order: the second test signs in after the first as the same staff member.
test.describe.configure({ mode: 'serial' });

const tag = randomBytes(3).toString('hex');

test('a gift after the last visit is new in the inbox; one from before it, since Monday, is listed without the mark', async ({
  page,
  request,
}) => {
  const before = `Wanjiru Before ${tag}`;
  const after = `Otieno After ${tag}`;
  await recordGift(request, before, 1500);

  // A visit: the gift recorded before it is in the inbox.
  let inbox = await signInToInbox(page, e2eInboxOwner);
  await expect(itemLine(inbox, before)).toContainText('KES 1,500.00');
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Staff sign in' })).toBeVisible();

  // A gift comes in while nobody looks.
  await recordGift(request, after, 2750);

  // The next visit, in a new session: the new gift is marked new, the one seen last time is not.
  inbox = await signInToInbox(page, e2eInboxOwner);
  await expect(inbox.getByText(/^Your last visit ended /)).toBeVisible();
  const fresh = itemLine(inbox, after);
  await expect(fresh).toContainText('KES 2,750.00');
  await expect(fresh.getByText('New', { exact: true })).toBeVisible();
  const seen = itemLine(inbox, before);
  await expect(seen).toContainText('KES 1,500.00');
  await expect(seen.getByText('New', { exact: true })).toHaveCount(0);
  await expect(inbox.getByText(/^\d+ gifts? since Monday, [1-9]\d* since your last visit$/)).toBeVisible();
  await expectNoAxeViolations(page);

  // A reload is the same visit: what was new stays new.
  await page.reload();
  await expect(itemLine(page.getByRole('tabpanel'), after).getByText('New', { exact: true })).toBeVisible();

  // Each kind jumps to where it is handled.
  await inbox.getByRole('button', { name: 'Open Gifts' }).first().click();
  await expect(page.getByRole('tab', { name: 'Money', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Gifts', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/#gifts$/);
});

test('two weeks on (the page clock), an application still new is past its promise and in "Needs action"', async ({
  page,
}) => {
  const applicant = `Late Applicant ${tag}`;
  await page.goto('/');
  await trackFromPage(page, 'volunteer_application', {
    name: applicant,
    email: `late.${tag}@volunteers.example.org`,
    phone: '+254700000042',
    age: 29,
    nationality: 'Kenyan',
    availability: 'Weekends',
    motivation: 'To help',
  });
  let inbox = await signInToInbox(page, e2eInboxOwner);
  const overdue = inbox.getByText(/^\d+ applications? past (its|their) promised answer$/);
  const before = Number(/^(\d+)/.exec((await overdue.count()) > 0 ? await overdue.innerText() : '0')?.[1] ?? 0);

  await page.clock.install();
  await page.clock.setSystemTime(Date.now() + 14 * 24 * 60 * 60 * 1000);
  // The inbox is read again when it is shown again, judged at the page's clock.
  await openTab(page, 'Recent Activity');
  inbox = await openTab(page, 'New and to do');
  const due = inbox.getByRole('region', { name: 'Needs action' });
  await expect(due.getByText(/^\d+ applications? past (its|their) promised answer$/)).toBeVisible();
  const after = Number(
    /^(\d+)/.exec(await due.getByText(/^\d+ applications? past (its|their) promised answer$/).innerText())?.[1] ?? 0,
  );
  expect(after, 'the new application is counted as overdue').toBeGreaterThan(before);

  await due.getByRole('button', { name: 'Open Applications' }).click();
  await expect(page.getByRole('tab', { name: 'People', exact: true })).toHaveAttribute('aria-selected', 'true');
  const list = page.getByRole('tabpanel');
  await expect(list.getByRole('heading', { level: 2, name: 'Applications' })).toBeVisible();
  await expect(list.getByRole('row').filter({ hasText: applicant }).locator('.badge-overdue')).toHaveText('Overdue');
});
