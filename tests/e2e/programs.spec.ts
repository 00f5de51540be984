/**
 * The programs pages in Chromium against `npm start` (issue 5, "Done when"): /programs with its featured event,
 * event cards and the one details dialog; school volunteering and hospital internships with their applications
 * reaching staff as volunteer rows; the #featured-event anchor and the netlify.toml fallbacks for /programs/*.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { formatEventDate } from '../../src/components/programs/labels.ts';
import { classifyEvents, isPast, nairobiToday } from '../../src/lib/events.ts';
import { e2eAdmin } from '../../support/e2e/accounts.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForHydration } from '../../support/browser/hydration.ts';

const SCHOOL_SUCCESS = "Application submitted successfully! We'll contact you within 3-5 business days.";
const INTERNSHIP_SUCCESS =
  'Application submitted successfully! Our medical coordinator will review your application and contact you within 5-7 business days.';

/** The events of the content file: what the page shows is decided from them and today's date. */
const EVENTS = JSON.parse(readFileSync('src/content/events.json', 'utf8')) as {
  id: string;
  title: string;
  date: string;
  paymentLink?: { label: string; campaign: string };
}[];

/** An address no other test uses, so this run's rows are found among any others. */
const uniqueEmail = (who: string) => `${who}-${randomBytes(4).toString('hex')}@example.org`;

/** Waits until the island holding the dialog `dialogId` has hydrated. */
async function islandReady(page: Page, dialogId: string): Promise<void> {
  await waitForHydration(page, page.locator(`#${dialogId}`));
}

/** Scrolls through the page so every scroll-reveal section is shown (as a reader would), then back to the top. */
async function revealAll(page: Page): Promise<void> {
  for (const section of await page.locator('main [data-reveal]').all()) {
    await section.scrollIntoViewIfNeeded();
    await expect(section).toHaveClass(/\bis-revealed\b/);
  }
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  // Let the fade-in finish so colour contrast is measured on the final colours.
  await page.waitForTimeout(700);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
}

async function staffToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/login', { data: e2eAdmin });
  expect(response.status(), 'staff login').toBe(200);
  const { token } = (await response.json()) as { token: string };
  return token;
}

type VolunteerRow = { id: string; name: string; email: string; details: Record<string, unknown> };

/** The volunteer row staff see for `email`, polled until the (fire-and-forget) tracking call has landed. */
async function volunteerRow(request: APIRequestContext, email: string): Promise<VolunteerRow> {
  const token = await staffToken(request);
  let found: VolunteerRow | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/admin/volunteers?limit=100', {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status()).toBe(200);
        const { volunteers } = (await response.json()) as { volunteers: VolunteerRow[] };
        found = volunteers.find((row) => row.email === email);
        return found !== undefined;
      },
      { message: `a volunteer row for ${email}` },
    )
    .toBe(true);
  return found!;
}

/** The top of `locator` sits below the fixed navigation bar and inside the viewport. */
async function expectClearOfNav(page: Page, locator: Locator): Promise<void> {
  await expect(locator).toBeInViewport();
  const navBottom = await page.locator('header.site-nav').evaluate((nav) => nav.getBoundingClientRect().bottom);
  const top = await locator.evaluate((element) => element.getBoundingClientRect().top);
  expect(top).toBeGreaterThanOrEqual(navBottom);
}

test.describe('/programs', () => {
  test('shows the hero, the next event featured with its contribution link, 2 upcoming and 2 past events', async ({
    page,
  }) => {
    await page.goto('/programs');
    await expect(page).toHaveTitle(/Programs/);
    await expect(page.locator('.page-hero h1')).toBeVisible();

    // The page was built today: what it features follows the calendar (src/lib/events.ts), not the file.
    const { featured: next, upcoming: later, past: before } = classifyEvents(EVENTS, nairobiToday());
    const featured = page.locator('#featured-event');
    if (next) {
      await expect(featured.getByRole('heading', { level: 2 })).toHaveText(`Join us on ${formatEventDate(next.date)}`);
      await expect(featured.getByRole('heading', { level: 3, name: next.title })).toBeVisible();
      await expect(featured.getByText(formatEventDate(next.date), { exact: true })).toBeVisible();
      const contribute = featured.getByRole('link', { name: new RegExp(next.paymentLink!.label) });
      await expect(contribute).toHaveAttribute('target', '_blank');
      await expect(contribute).toHaveAttribute('rel', /(?=.*noopener)(?=.*noreferrer)/);
      const href = new URL((await contribute.getAttribute('href'))!);
      expect(href.searchParams.get('campaign')).toBe(next.paymentLink!.campaign);
      expect(href.searchParams.get('source')).toBe('programs-page');
    } else {
      await expect(featured.getByRole('heading', { level: 2 })).toHaveText('No events planned right now');
      await expect(featured.getByRole('link', { name: 'Get the newsletter' })).toHaveAttribute(
        'href',
        '#footer-newsletter',
      );
    }

    const upcoming = page.getByRole('region', { name: 'Upcoming Events' }).locator('article');
    const shownLater = later.slice(0, 2);
    await expect(upcoming).toHaveCount(shownLater.length);
    for (const [index, event] of shownLater.entries()) {
      await expect(upcoming.nth(index)).toContainText(event.title);
      await expect(upcoming.nth(index)).toContainText(formatEventDate(event.date));
    }

    // Past events, latest first, never ask for a contribution.
    const past = page.getByRole('region', { name: 'Past Events' }).locator('article');
    const shownBefore = before.slice(0, 2);
    await expect(past).toHaveCount(shownBefore.length);
    for (const [index, event] of shownBefore.entries()) await expect(past.nth(index)).toContainText(event.title);
    await expect(past.getByRole('link', { name: /Contribute/ })).toHaveCount(0);

    await revealAll(page);
    await expectNoAxeViolations(page);
  });

  test('opens one details dialog per chosen event; Escape and Close shut it and focus returns to the card', async ({
    page,
  }) => {
    await page.goto('/programs');
    // One dialog per event, in the page from the start: each card's button opens its own, before hydration too.
    await expect(page.locator('dialog.modal--wide')).toHaveCount(
      await page.getByRole('button', { name: /View details/ }).count(),
    );
    await expect(page.locator('astro-island:has(dialog.modal--wide)')).not.toHaveAttribute('ssr');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveCount(0);

    // Back-to-School Day, wherever today's date puts it (featured or upcoming until 9 January 2027).
    const backToSchool = EVENTS.find((event) => event.id === 'nairobi-back-to-school-day')!;
    const featuredButton = page.getByRole('button', { name: `View details of ${backToSchool.title}` });
    await featuredButton.click();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 2, name: 'Tumaini Back-to-School Day' })).toBeVisible();
    for (const heading of [
      'Gallery',
      'Schedule',
      'Expected impact',
      'Testimonials',
      'Long-term impact',
      'Items needed',
      'Contact',
    ]) {
      await expect(dialog.getByRole('heading', { level: 3, name: heading, exact: true })).toBeVisible();
    }
    await expect(dialog).toContainText('Every child ready to learn');
    await expect(dialog).toContainText('Registration and breakfast for families');
    await expect(dialog).toContainText('Mary Akinyi');
    await expect(dialog).toContainText('Storybooks in English and Swahili');
    await expect(dialog.getByRole('link', { name: 'events@tumainichildren.org' })).toBeVisible();
    await expect(dialog.locator('.event-details__gallery img')).toHaveCount(3);
    const contribute = dialog.getByRole('link', { name: /Contribute to Back-to-School Day/ });
    if (isPast(backToSchool.date, nairobiToday())) await expect(contribute).toHaveCount(0);
    else {
      await expect(contribute).toHaveAttribute('target', '_blank');
      await expect(contribute).toHaveAttribute('rel', /(?=.*noopener)(?=.*noreferrer)/);
    }
    await expect(dialog.getByRole('link', { name: /Contact us/ })).toHaveAttribute('href', '/contact');
    await expectNoAxeViolations(page);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(featuredButton).toBeFocused();

    // A click anywhere on a card (not only its button) opens that card's event; a past one shows its results.
    const pastCard = page.getByRole('region', { name: 'Past Events' }).locator('article').filter({ hasText: 'Embu' });
    await pastCard.click({ position: { x: 24, y: 24 } });
    await expect(dialog.getByRole('heading', { level: 2, name: 'Tumaini Youth Football Tournament' })).toBeVisible();
    await expect(dialog.getByRole('heading', { level: 3, name: 'Impact achieved' })).toBeVisible();
    await expect(dialog).toContainText("A new girls' league launched in Embu with 6 teams");
    await expect(dialog.getByRole('link', { name: /Contribute/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(pastCard.getByRole('button', { name: /View details/ })).toBeFocused();

    // Keyboard: Enter on the featured card's button opens it; focus stays inside the dialog.
    const next = classifyEvents(EVENTS, nairobiToday()).featured!;
    const upcomingButton = page
      .locator('#featured-event')
      .getByRole('button', { name: `View details of ${next.title}` });
    await upcomingButton.focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { level: 2, name: next.title })).toBeVisible();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await expect(upcomingButton).toBeFocused();
  });

  test('#featured-event lands below the fixed navigation, directly and from the Home page link', async ({ page }) => {
    await page.goto('/programs#featured-event');
    await expectClearOfNav(page, page.locator('#featured-event-heading'));

    await page.goto('/');
    await page.getByRole('link', { name: 'Event details' }).click();
    await expect(page).toHaveURL(/\/programs\/?#featured-event$/);
    await expectClearOfNav(page, page.locator('#featured-event-heading'));
  });
});

test.describe('routes under /programs', () => {
  for (const [from, to, heading] of [
    ['/programs/schools', '/programs/school-volunteering/', 'Teach a class, change a future'],
    ['/programs/hospitals', '/programs/hospital-internships/', 'Learn medicine where it matters most'],
  ] as const) {
    test(`${from} moves permanently to ${to}`, async ({ page }) => {
      const response = await page.request.get(from, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()['location']!, 'http://x').pathname).toBe(to);

      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    });
  }

  test('any other /programs/* path shows the programs list with status 200', async ({ page }) => {
    const response = await page.goto('/programs/summer-camp-2026');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(/\/programs\/summer-camp-2026$/);
    await expect(page.getByRole('heading', { level: 1, name: "Days that change a child's year" })).toBeVisible();
    await expect(page.locator('#featured-event')).toBeVisible();
  });
});

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

    // The alert waits for the server's answer (issue 11).
    await expect(page.locator('#toast')).toHaveText(SCHOOL_SUCCESS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(apply).toBeFocused();

    await apply.click();
    await expect(dialog.getByLabel('Full name')).toHaveValue('');
    await expect(dialog.getByRole('checkbox', { name: 'Mathematics' })).not.toBeChecked();
    await expect(school).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const row = await volunteerRow(request, email);
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

    // The alert waits for the server's answer (issue 11).
    await expect(page.locator('#toast')).toHaveText(INTERNSHIP_SUCCESS);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(uhuru).toBeFocused();

    await page.locator('.page-hero').getByRole('button', { name: 'Apply Now' }).click();
    await expect(dialog.getByLabel('Full name')).toHaveValue('');
    await expect(dialog.getByLabel('Preferred hospital')).toHaveValue('');
    await page.keyboard.press('Escape');

    const row = await volunteerRow(request, email);
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
