/**
 * The two program pages in Chromium against `npm start`: school volunteering and hospital internships, with their
 * applications refused when incomplete, thanked, reset, and reaching staff as volunteer rows.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectStaffRow } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { touchIsland } from '../../support/browser/hydration.ts';
import { revealAll } from './support/reveal.ts';

const SCHOOL_SUCCESS = "Application submitted successfully! We'll contact you within 3-5 business days.";
const INTERNSHIP_SUCCESS =
  'Application submitted successfully! Our medical coordinator will review your application and contact you within 5-7 business days.';

/** An address no other test uses, so this run's rows are found among any others. */
const uniqueEmail = (who: string) => `${who}-${randomBytes(4).toString('hex')}@example.org`;

/** Waits until the island holding the dialog `dialogId` has hydrated. */
async function islandReady(page: Page, dialogId: string): Promise<void> {
  await touchIsland(page, page.locator(`#${dialogId}`));
}

type VolunteerRow = { id: string; name: string; email: string; details: Record<string, unknown> };

test.describe('/programs/school-volunteering', () => {
  test('shows intro, figures, requirements, responsibilities, the 3 schools by urgency and a call to action', async ({
    page,
  }) => {
    await page.goto('/programs/school-volunteering');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teach a class, change a future');
    const stats = page.locator('.stats');
    await expect(stats.getByText('500+', { exact: true })).toBeVisible();
    await expect(stats.getByText('15', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Requirements' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Responsibilities' })).toBeVisible();
    await expect(page.getByText('Minimum commitment: 3 months.')).toBeVisible();

    const schools = page.getByRole('region', { name: 'Our Partner Schools' }).locator('article');
    await expect(schools).toHaveCount(3);
    await expect(schools.nth(0)).toContainText('Kibera Hope Primary School');
    await expect(schools.nth(0).locator('[data-urgency]')).toHaveText('Urgent Need');
    await expect(schools.nth(1).locator('[data-urgency]')).toHaveText('Moderate Need');
    await expect(schools.nth(2).locator('[data-urgency]')).toHaveText('Available');
    await expect(page.getByRole('heading', { level: 2, name: 'Ready to teach with us?' })).toBeVisible();

    await revealAll(page);
    await expectNoAxeViolations(page);
  });

  test('refuses an incomplete application audibly, then submits, thanks, resets and reaches staff', async ({
    page,
    request,
  }) => {
    await page.goto('/programs/school-volunteering');
    await islandReady(page, 'school-apply');
    const apply = page.locator('.page-hero').getByRole('button', { name: 'Apply Now' });
    await apply.click();
    const dialog = page.getByRole('dialog', { name: 'Apply to Volunteer at a School' });
    await expect(dialog).toBeVisible();

    // Every control has a label; the honeypot is there but hidden from people and assistive technology.
    await expect(dialog.getByLabel('Full name')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
    await expect(dialog.getByLabel('Phone')).toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Availability')).not.toHaveAttribute('required', '');
    await expect(dialog.getByLabel('Teaching or tutoring experience')).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Subjects you can teach' }).getByRole('checkbox')).toHaveCount(9);
    const school = dialog.getByLabel('Preferred school');
    await expect(school.locator('option')).toHaveText([
      'No preference',
      'Kibera Hope Primary School',
      'Mathare Valley Junior School',
      'Kawangware Community Academy',
    ]);
    await expect(dialog.locator('.honeypot input[name="website"]')).toHaveCount(1);

    // The browser refuses the empty form; the refusal is announced and tied to each field.
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog).toBeVisible();
    const summary = dialog.getByRole('alert');
    await expect(summary.getByRole('heading')).toHaveText('There is a problem');
    await expect(summary.getByRole('link')).toHaveText([/^Full name: /, /^Email: /, /^Phone: /]);
    await expect(summary).toBeFocused();
    const name = dialog.getByLabel('Full name');
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAccessibleDescription(/.+/);
    await summary.getByRole('link', { name: /^Full name/ }).click();
    await expect(name).toBeFocused();
    await expectNoAxeViolations(page);

    const email = uniqueEmail('teacher');
    await name.fill('Wanjiru Kamau');
    await expect(name).not.toHaveAttribute('aria-invalid');
    await dialog.getByLabel('Email').fill('not-an-email');
    await dialog.getByLabel('Phone').fill('+254 700 111 222');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(summary.getByRole('link')).toHaveText([/^Email: /]);

    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Availability').fill('Weekday mornings from January');
    await dialog.getByRole('checkbox', { name: 'Mathematics' }).check();
    await dialog.getByRole('checkbox', { name: 'Computer Studies' }).check();
    await school.selectOption('Mathare Valley Junior School');
    await dialog.getByLabel('Teaching or tutoring experience').fill('Two years of maths tutoring.');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();

    // The alert waits for the server's answer.
    await expect(page.locator('#toast')).toHaveText(SCHOOL_SUCCESS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(apply).toBeFocused();

    await apply.click();
    await expect(dialog.getByLabel('Full name')).toHaveValue('');
    await expect(dialog.getByRole('checkbox', { name: 'Mathematics' })).not.toBeChecked();
    await expect(school).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const row = await expectStaffRow<VolunteerRow>(request, 'volunteers', (row) => row.email === email);
    expect(row.name).toBe('Wanjiru Kamau');
    expect(row.details).toMatchObject({
      form: 'school_volunteer_application',
      phone: '+254 700 111 222',
      availability: 'Weekday mornings from January',
      subjects: ['Mathematics', 'Computer Studies'],
      school: 'Mathare Valley Junior School',
      experience: 'Two years of maths tutoring.',
    });
  });

  test("a school card's button presets that school, and a failed call says it was not sent and keeps the form", async ({
    page,
  }) => {
    await page.route('**/api/admin/track', (route) => route.abort());
    await page.goto('/programs/school-volunteering');
    await islandReady(page, 'school-apply');
    await page.getByRole('button', { name: 'Volunteer here at Kawangware Community Academy' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply to Volunteer at a School' });
    await expect(dialog.getByLabel('Preferred school')).toHaveValue('Kawangware Community Academy');
    await dialog.getByLabel('Full name').fill('Otieno Ouma');
    await dialog.getByLabel('Email').fill(uniqueEmail('offline'));
    await dialog.getByLabel('Phone').fill('0711 222 333');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('status')).toContainText('Not sent yet');
    await expect(page.locator('#toast')).toHaveCount(0);
    await expect(dialog.getByLabel('Full name')).toHaveValue('Otieno Ouma');
  });
});

test.describe('/programs/hospital-internships', () => {
  test('shows hero, stats, requirements, benefits, the hospital cards and links onward', async ({ page }) => {
    await page.goto('/programs/hospital-internships');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Learn medicine where it matters most');
    const stats = page.locator('.stats');
    await expect(stats).toContainText('150+');
    await expect(stats).toContainText('25');
    await expect(page.getByRole('heading', { level: 2, name: 'Requirements' })).toBeVisible();
    await expect(page.getByText('Minimum GPA of 3.0 (or its equivalent)')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Benefits' })).toBeVisible();

    const cards = page.getByRole('region', { name: 'Partner Hospitals' }).locator('article');
    await expect(cards).toHaveCount(3);
    const uhuru = cards.filter({ hasText: 'Uhuru National Referral Hospital' });
    await expect(uhuru.locator('img')).toHaveAttribute('sizes', /.+/);
    await expect(uhuru).toContainText('National Referral & Teaching Hospital');
    await expect(uhuru).toContainText('Upper Hill, Nairobi');
    await expect(uhuru).toContainText('1,800');
    await expect(uhuru.locator('dd').nth(1)).toHaveText('20');
    await expect(uhuru.locator('.hospital-card__departments li')).toHaveText([
      'Paediatrics',
      'Internal Medicine',
      'Surgery',
      '+5 more',
    ]);
    await expect(uhuru).toContainText('Paediatric oncology');
    await expect(uhuru).toContainText('Up-to-date vaccinations including Hepatitis B');
    await expect(cards.filter({ hasText: 'Westlands Mission Hospital' }).locator('.hospital-card__more')).toHaveText(
      '+3 more',
    );
    await expect(
      cards.filter({ hasText: 'Kibera Community Health Centre' }).locator('.hospital-card__more'),
    ).toHaveText('+3 more');
    for (const card of await cards.all()) await expect(card.getByRole('button', { name: /^Apply/ })).toBeVisible();

    const onward = page.getByRole('region', { name: 'Questions about an internship?' });
    await expect(onward.getByRole('link', { name: 'Contact us', exact: true })).toHaveAttribute('href', '/contact');
    await expect(onward.getByRole('link', { name: 'See all programs' })).toHaveAttribute('href', '/programs');

    await revealAll(page);
    await expectNoAxeViolations(page);
  });

  test('Apply presets the hospital, Cancel closes, and a complete application thanks, resets and reaches staff', async ({
    page,
    request,
  }) => {
    await page.goto('/programs/hospital-internships');
    await islandReady(page, 'internship-apply');
    const dialog = page.getByRole('dialog', { name: 'Apply for a Hospital Internship' });

    const westlands = page.getByRole('button', { name: 'Apply to Westlands Mission Hospital' });
    await westlands.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Preferred hospital')).toHaveValue('Westlands Mission Hospital');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(westlands).toBeFocused();

    const uhuru = page.getByRole('button', { name: 'Apply to Uhuru National Referral Hospital' });
    await uhuru.click();
    await expect(dialog.getByLabel('Preferred hospital')).toHaveValue('Uhuru National Referral Hospital');
    await expect(dialog.getByLabel('Year of study').locator('option')).toHaveText([
      'Select your year',
      '2nd Year',
      '3rd Year',
      '4th Year',
      '5th Year',
      '6th Year',
      'Graduate',
      'Resident',
    ]);
    await expect(dialog.getByLabel('Duration').locator('option')).toHaveText([
      'Select a duration',
      '1 month',
      '2 months',
      '3 months',
      '6 months',
      '1 year',
    ]);
    await expect(dialog.getByLabel('Field of interest').locator('option')).toHaveCount(13);
    await expect(dialog.getByLabel('References')).toHaveAttribute('placeholder', /at least 2/);
    await expect(dialog.locator('.honeypot input[name="website"]')).toHaveCount(1);

    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await expect(dialog.getByRole('alert').getByRole('link')).toHaveText([
      /^Full name: /,
      /^Email: /,
      /^Phone: /,
      /^University: /,
      /^Year of study: /,
      /^Field of interest: /,
      /^Duration: /,
    ]);
    await expect(dialog.getByLabel('Year of study')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const email = uniqueEmail('intern');
    await dialog.getByLabel('Full name').fill('Brian Kiprop');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Phone').fill('+254 722 333 444');
    await dialog.getByLabel('University').fill('University of Nairobi');
    await dialog.getByLabel('Year of study').selectOption('5th Year');
    await dialog.getByLabel('Field of interest').selectOption('Paediatrics');
    await dialog.getByLabel('Duration').selectOption('3 months');
    await dialog.getByLabel('Previous clinical experience').fill('Community health rotation in Kisumu.');
    await dialog.getByLabel('References').fill('Dr. A. Otieno; Prof. M. Wekesa');
    await dialog.getByLabel('Why do you want to intern with us?').fill('Paediatric care in busy public hospitals.');
    await expect(dialog.getByRole('alert')).toHaveText('');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();

    // The alert waits for the server's answer.
    await expect(page.locator('#toast')).toHaveText(INTERNSHIP_SUCCESS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(uhuru).toBeFocused();

    await page.locator('.page-hero').getByRole('button', { name: 'Apply Now' }).click();
    await expect(dialog.getByLabel('Full name')).toHaveValue('');
    await expect(dialog.getByLabel('Preferred hospital')).toHaveValue('');
    await page.keyboard.press('Escape');

    const row = await expectStaffRow<VolunteerRow>(request, 'volunteers', (row) => row.email === email);
    expect(row.name).toBe('Brian Kiprop');
    expect(row.details).toMatchObject({
      form: 'internship_application',
      phone: '+254 722 333 444',
      university: 'University of Nairobi',
      yearOfStudy: '5th Year',
      medicalField: 'Paediatrics',
      duration: '3 months',
      hospital: 'Uhuru National Referral Hospital',
      previousExperience: 'Community health rotation in Kisumu.',
      references: 'Dr. A. Otieno; Prof. M. Wekesa',
      motivation: 'Paediatric care in busy public hospitals.',
    });
  });
});
