/**
 * A press made before the page's islands have loaded (a slow phone link) chooses what it says. Every
 * script file of the page is held back; a school's, a hospital's or a role's apply button opens the application with
 * that choice made, the native post stores it, and a role's "Apply for This Role" closes its details first.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expectStaffRow, staffToken } from './support/api.ts';
import { holdScripts } from '../../support/browser/hydration.ts';

type Event = { type: string; payload: Record<string, unknown> };

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

async function stored(request: APIRequestContext, email: string): Promise<Event> {
  return expectStaffRow<Event>(request, 'events', (row) => row.payload['email'] === email);
}

/** Opens `path` with every script held back (released when the test ends). */
async function openHeld(page: Page, path: string): Promise<void> {
  await holdScripts(page);
  await page.goto(path, { waitUntil: 'commit' });
}

/** Fills the person fields every application has. */
async function fillAndSend(dialog: Locator, email: string): Promise<void> {
  await dialog.getByLabel('Full name').fill('Early Presser');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Phone').fill('0700 000 000');
}

test.beforeEach(async ({ request }) => {
  await staffToken(request);
});

test("a school card's button pressed before hydration stores that school", async ({ page, request }) => {
  await openHeld(page, '/programs/school-volunteering/');
  await page.getByRole('button', { name: 'Volunteer here at Kawangware Community Academy' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply to Volunteer at a School' });
  await expect(dialog.getByLabel('Preferred school')).toHaveValue('Kawangware Community Academy');
  const email = uniqueEmail('early-school');
  await fillAndSend(dialog, email);
  await expect(page.locator('astro-island[ssr]', { has: dialog })).toBeAttached();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/sent\/school-volunteering\/$/);
  expect((await stored(request, email)).payload['school']).toBe('Kawangware Community Academy');
});

test("a hospital's Apply pressed before hydration stores that hospital", async ({ page, request }) => {
  await openHeld(page, '/programs/hospital-internships/');
  await page.getByRole('button', { name: 'Apply to Westlands Mission Hospital' }).click();
  const dialog = page.getByRole('dialog', { name: 'Apply for a Hospital Internship' });
  await expect(dialog.getByLabel('Preferred hospital')).toHaveValue('Westlands Mission Hospital');
  const email = uniqueEmail('early-hospital');
  await fillAndSend(dialog, email);
  await dialog.getByLabel('University').fill('University of Nairobi');
  await dialog.getByLabel('Year of study').selectOption('4th Year');
  await dialog.getByLabel('Field of interest').selectOption('Paediatrics');
  await dialog.getByLabel('Duration').selectOption('3 months');
  await dialog.getByLabel('Why do you want to intern with us?').fill('To learn.');
  await expect(page.locator('astro-island[ssr]', { has: dialog })).toBeAttached();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/sent\/internship\/$/);
  expect((await stored(request, email)).payload['hospital']).toBe('Westlands Mission Hospital');
});

test("a role's Apply Now, and 'Apply for This Role' in its details, pressed before hydration store that role", async ({
  page,
  request,
}) => {
  await openHeld(page, '/volunteer/');
  await page.getByRole('button', { name: 'Apply Now for Youth Mentor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Volunteer Application' });
  await expect(dialog.getByLabel('Preferred role')).toHaveValue('youth-mentorship');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'View Details for Digital Skills Trainer' }).click();
  const details = page.getByRole('dialog', { name: 'Digital Skills Trainer' });
  await details.getByRole('button', { name: 'Apply for This Role' }).click();
  await expect(details).toBeHidden();
  await expect(dialog.getByLabel('Preferred role')).toHaveValue('technology-training');

  const email = uniqueEmail('early-role');
  await fillAndSend(dialog, email);
  await dialog.getByLabel('Age').fill('24');
  await dialog.getByLabel('Nationality').fill('Kenyan');
  await dialog.getByLabel('Availability').selectOption('Weekends only');
  await dialog.getByLabel('Why do you want to volunteer').fill('To help.');
  await expect(page.locator('astro-island[ssr]', { has: dialog })).toBeAttached();
  await dialog.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page).toHaveURL(/\/sent\/volunteer\/$/);
  expect((await stored(request, email)).payload['opportunity']).toBe('technology-training');
});
