/**
 * /volunteer: stats, the six opportunity cards, the details and application dialogs
 * (never open together, 'Apply for This Role' preselects the role), the application's browser checks, the exact
 * alert and the application arriving in the database.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';

const SUCCESS =
  'Volunteer application submitted successfully! Our volunteer coordinator will contact you within 3-5 business days.';

type OpportunityJson = { id: string; title: string; skills: string[]; urgent: boolean };
/** The opportunities as editors wrote them, in file order. */
const opportunities = JSON.parse(
  readFileSync(new URL('../../src/content/opportunities.json', import.meta.url), 'utf8'),
) as OpportunityJson[];
const byId = (id: string): OpportunityJson => {
  const found = opportunities.find((o) => o.id === id);
  if (!found) throw new Error(`no opportunity ${id}`);
  return found;
};

const tag = () => randomBytes(4).toString('hex');

/** Opens /volunteer and waits until the cards island has hydrated. */
async function openVolunteerPage(page: Page): Promise<void> {
  await page.goto('/volunteer');
  await page.locator('.opportunity-grid').scrollIntoViewIfNeeded();
  await touchIsland(page, page.locator('.opportunity-grid'));
}

const card = (page: Page, title: string): Locator =>
  page.locator('.opportunity-card', { has: page.getByRole('heading', { name: title }) });
const openDialogs = (page: Page): Locator => page.locator('dialog[open]');

async function staffHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const response = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(response.status(), 'staff login').toBe(200);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

type VolunteerRow = { name: string; email: string; details: Record<string, unknown> };

test.describe('volunteer page', () => {
  test('shows the stats and six opportunities, the urgent ones marked', async ({ page }) => {
    await openVolunteerPage(page);
    const stats = page.getByRole('region', { name: 'Volunteering in numbers' });
    for (const value of ['22+', '1000+', '95%', '25']) {
      await expect(stats.getByText(value, { exact: true })).toBeVisible();
    }

    const cards = page.locator('.opportunity-card');
    await expect(cards).toHaveCount(6);
    for (const opportunity of opportunities) {
      const item = card(page, opportunity.title);
      await expect(item.getByText('Urgent', { exact: true })).toHaveCount(opportunity.urgent ? 1 : 0);
      await expect(item.getByRole('button', { name: `View Details for ${opportunity.title}` })).toBeVisible();
      await expect(item.getByRole('button', { name: `Apply Now for ${opportunity.title}` })).toBeVisible();
    }
    expect(opportunities.filter((o) => o.urgent).map((o) => o.id)).toEqual(['healthcare-support', 'special-needs']);

    await expect(page.getByRole('heading', { level: 2, name: 'Requirements' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'What we provide' })).toBeVisible();
    await expect(page.getByRole('region', { name: "In our volunteers' words" }).locator('blockquote')).toHaveCount(3);
    await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });

  test('details and application dialogs are never open together, and Apply for This Role preselects the role', async ({
    page,
  }) => {
    await openVolunteerPage(page);
    const health = byId('healthcare-support');

    await card(page, health.title)
      .getByRole('button', { name: /View Details/ })
      .click();
    const details = page.getByRole('dialog', { name: health.title });
    await expect(details).toBeVisible();
    await expect(details).toContainText(health.skills[0]!);
    await expect(openDialogs(page)).toHaveCount(1);

    await details.getByRole('button', { name: 'Apply for This Role' }).click();
    const application = page.getByRole('dialog', { name: 'Volunteer Application' });
    await expect(application).toBeVisible();
    await expect(details).toBeHidden();
    await expect(openDialogs(page)).toHaveCount(1);
    await expect(application.getByLabel('Preferred role')).toHaveValue(health.id);

    await page.keyboard.press('Escape');
    await expect(openDialogs(page)).toHaveCount(0);

    // Apply Now on a card opens the application directly, with that role chosen.
    const tech = byId('technology-training');
    await card(page, tech.title)
      .getByRole('button', { name: /Apply Now/ })
      .click();
    await expect(application).toBeVisible();
    await expect(openDialogs(page)).toHaveCount(1);
    await expect(application.getByLabel('Preferred role')).toHaveValue(tech.id);
    await application.getByRole('button', { name: 'Cancel' }).click();
    await expect(openDialogs(page)).toHaveCount(0);
  });

  test('dialogs close by their button and by Escape, keep focus inside and return it', async ({ page }) => {
    await openVolunteerPage(page);
    const mentor = byId('youth-mentorship');
    const viewDetails = card(page, mentor.title).getByRole('button', { name: /View Details/ });

    await viewDetails.click();
    const details = page.getByRole('dialog', { name: mentor.title });
    await expect(details).toBeVisible();
    for (let press = 0; press < 6; press += 1) {
      await page.keyboard.press('Tab');
      expect(await details.evaluate((dialog) => dialog.contains(document.activeElement)), `Tab ${press + 1}`).toBe(
        true,
      );
    }
    await page.keyboard.press('Escape');
    await expect(details).toBeHidden();
    await expect(viewDetails).toBeFocused();

    await viewDetails.click();
    await details.getByRole('button', { name: 'Close' }).click();
    await expect(details).toBeHidden();
    await expect(viewDetails).toBeFocused();

    const applyNow = card(page, mentor.title).getByRole('button', { name: /Apply Now/ });
    await applyNow.click();
    const application = page.getByRole('dialog', { name: 'Volunteer Application' });
    await expect(application).toBeVisible();
    await application.getByRole('button', { name: 'Close' }).click();
    await expect(application).toBeHidden();
    await expect(applyNow).toBeFocused();
  });

  test('the application lists each skill once and checks the required fields and the minimum age', async ({ page }) => {
    await openVolunteerPage(page);
    await card(page, byId('education-general').title)
      .getByRole('button', { name: /Apply Now/ })
      .click();
    const application = page.getByRole('dialog', { name: 'Volunteer Application' });

    const expected = [...new Set(opportunities.flatMap((o) => o.skills))];
    const skills = application.getByLabel('Skills');
    await expect(skills).toHaveJSProperty('multiple', true);
    expect(await skills.locator('option').allTextContents()).toEqual(expected);
    expect(new Set(expected).size).toBeLessThan(opportunities.flatMap((o) => o.skills).length);

    for (const label of [
      'Full name',
      'Email',
      'Phone',
      'Age',
      'Nationality',
      'Availability',
      'Why do you want to volunteer',
    ]) {
      await expect(application.getByLabel(label), label).toHaveAttribute('required');
    }
    for (const label of ['Relevant experience', 'Skills', 'Preferred role']) {
      await expect(application.getByLabel(label), label).not.toHaveAttribute('required');
    }
    const age = application.getByLabel('Age');
    await expect(age).toHaveAttribute('type', 'number');
    await expect(age).toHaveAttribute('min', '18');

    await fillApplication(application, { name: 'Too Young', email: 'young@example.org', age: '17' });
    await application.getByRole('button', { name: 'Submit Application' }).click();
    expect(await age.evaluate((input: HTMLInputElement) => input.validity.rangeUnderflow)).toBe(true);
    await expect(application).toBeVisible();
    await expect(page.locator('#toast')).toHaveCount(0);
  });

  test('a submitted application shows the exact alert, resets, closes and reaches staff', async ({ page, request }) => {
    await openVolunteerPage(page);
    const role = byId('special-needs');
    const name = `Volunteer ${tag()}`;
    const email = `volunteer-${tag()}@example.org`;

    await card(page, role.title)
      .getByRole('button', { name: /View Details/ })
      .click();
    await page.getByRole('dialog', { name: role.title }).getByRole('button', { name: 'Apply for This Role' }).click();
    const application = page.getByRole('dialog', { name: 'Volunteer Application' });
    await fillApplication(application, { name, email, age: '29' });
    const chosenSkills = [role.skills[0]!, byId('technology-training').skills[0]!];
    await application.getByLabel('Skills').selectOption(chosenSkills);
    await application.getByLabel('Relevant experience').fill('Two years as a classroom assistant.');
    await application.getByRole('button', { name: 'Submit Application' }).click();

    // The alert waits for the server's answer.
    await expect(page.locator('#toast')).toHaveText(SUCCESS);
    await expect(openDialogs(page)).toHaveCount(0);

    await card(page, byId('community-development').title)
      .getByRole('button', { name: /Apply Now/ })
      .click();
    await expect(application.getByLabel('Full name')).toHaveValue('');
    await expect(application.getByLabel('Email')).toHaveValue('');
    await expect(application.getByLabel('Age')).toHaveValue('');
    await expect(application.getByLabel('Why do you want to volunteer')).toHaveValue('');
    await expect(application.getByLabel('Preferred role')).toHaveValue('community-development');
    await application.getByRole('button', { name: 'Cancel' }).click();

    const headers = await staffHeaders(request);
    await expect
      .poll(async () => {
        const response = await request.get('/api/admin/volunteers', { headers });
        if (!response.ok()) return `GET /api/admin/volunteers answered ${response.status()}`;
        const { volunteers } = (await response.json()) as { volunteers: VolunteerRow[] };
        return volunteers.find((row) => row.email === email);
      })
      .toMatchObject({
        name,
        email,
        details: {
          form: 'volunteer_application',
          opportunity: role.id,
          age: 29,
          phone: '+254 711 000 002',
          nationality: 'Kenyan',
          availability: 'Weekends only',
          skills: chosenSkills,
          experience: 'Two years as a classroom assistant.',
          motivation: 'I want to help children learn.',
        },
      });
  });

  test('has no axe violations, with either dialog open', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await openVolunteerPage(page);
    await expectNoAxeViolations(page);

    const role = byId('healthcare-support');
    await card(page, role.title)
      .getByRole('button', { name: /View Details/ })
      .click();
    await expect(page.getByRole('dialog', { name: role.title })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: 'Apply for This Role' }).click();
    await expect(page.getByRole('dialog', { name: 'Volunteer Application' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

async function fillApplication(dialog: Locator, values: { name: string; email: string; age: string }): Promise<void> {
  await dialog.getByLabel('Full name').fill(values.name);
  await dialog.getByLabel('Email').fill(values.email);
  await dialog.getByLabel('Phone').fill('+254 711 000 002');
  await dialog.getByLabel('Age').fill(values.age);
  await dialog.getByLabel('Nationality').fill('Kenyan');
  await dialog.getByLabel('Availability').selectOption('Weekends only');
  await dialog.getByLabel('Why do you want to volunteer').fill('I want to help children learn.');
}
