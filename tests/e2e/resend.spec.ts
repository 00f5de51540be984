/** The offline outbox: a submission kept on a form page is resent from a page without a form island in view. */
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { expectStaffRow, staffList } from './support/api.ts';

test('a message kept offline on /contact is sent once from /blog, with no form island in view', async ({
  context,
  request,
}) => {
  const email = `outbox-${randomBytes(4).toString('hex')}@example.org`;
  await context.route('**/api/admin/track', (route) => route.abort('internetdisconnected'));
  const contact = await context.newPage();
  await contact.goto('/contact');
  const form = contact.locator('.contact-form');
  const island = contact.locator('astro-island:has(.contact-form)').first();
  await island.scrollIntoViewIfNeeded();
  await touchIsland(contact, form);
  await form.getByLabel('Your Name *').fill('Achieng Odhiambo');
  await form.getByLabel('Email Address *').fill(email);
  await form.getByLabel('Subject *').fill('Sent when the line came back');
  await form.getByLabel('Your Message *').fill('Written on a bus with no signal.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByRole('status').filter({ hasText: 'Not sent yet' })).toBeVisible();
  expect(await contact.evaluate(() => localStorage.getItem('pendingSubmissions'))).toContain(email);
  // The form page is gone before the line returns: only /blog can send it.
  await contact.close();
  await context.unroute('**/api/admin/track');

  const blog = await context.newPage();
  await blog.goto('/blog/');
  await expect.poll(() => blog.evaluate(() => localStorage.getItem('pendingSubmissions'))).toBeNull();
  await expectStaffRow(request, 'contacts', (row) => row['email'] === email);
  const rows = (await staffList(request, 'contacts')).filter((row) => row['email'] === email);
  expect(rows).toHaveLength(1);
});
