/**
 * Issue 11: nothing a visitor types is lost. Each of the seven public forms is tried (a) with JavaScript off,
 * (b) submitted before its island's script arrives, and (c) submitted offline, then back online; every form state
 * (errors, not sent, sent) passes axe. A last test reads every page's HTML for forms that would use GET.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FORMS } from '../../src/lib/form-pages.ts';
import { NOT_SENT } from '../../src/lib/forms.ts';
import type { TrackType } from '../../src/schemas/track.ts';
import { expectStaffRow, staffList, staffToken } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForHydration } from './support/hydration.ts';

type Event = { type: string; payload: Record<string, unknown> };

type FormCase = {
  type: TrackType;
  /** A page the form is on. */
  path: string;
  /** Opens the form's dialog (a plain button: it must work before hydration and without JavaScript). */
  open?: (page: Page) => Promise<void>;
  /** Id of the form's dialog, if it has one. */
  dialog?: string;
  /** The form's container (its dialog, or the form). */
  form: (page: Page) => Locator;
  /** Fills every field; `email` identifies the submission. */
  fill: (form: Locator, email: string) => Promise<void>;
  /** What the stored payload holds after `fill` (besides the email). */
  stored: Record<string, unknown>;
  /** Name of the submit button. */
  submit: RegExp;
  /** What shows once the server accepted the form (with JavaScript). */
  sent: (page: Page) => Locator;
};

const toast = (page: Page) => page.locator('#toast');

const CASES: FormCase[] = [
  {
    type: 'newsletter_subscribe',
    path: '/about/',
    form: (page) => page.locator('form.newsletter'),
    fill: (form, email) => form.getByLabel('Email address').fill(email),
    stored: {},
    submit: /^Subscribe$/,
    sent: (page) => page.locator('footer').getByRole('button', { name: 'Subscribed' }),
  },
  {
    type: 'contact_submit',
    path: '/contact/',
    form: (page) => page.locator('form', { has: page.getByRole('heading', { name: 'Send Us a Message' }) }),
    fill: async (form, email) => {
      await form.getByLabel('Your Name').fill('Achieng Odhiambo');
      await form.getByLabel('Email Address').fill(email);
      await form.getByLabel('What is it about?').selectOption('partnership');
      await form.getByLabel('Subject').fill('Reading club');
      await form.getByLabel('Your Message').fill('Our library would like to run a Saturday reading club.');
    },
    stored: {
      name: 'Achieng Odhiambo',
      type: 'partnership',
      subject: 'Reading club',
      message: 'Our library would like to run a Saturday reading club.',
    },
    submit: /^Send Message$/,
    sent: (page) => page.getByText('Your message has been sent.'),
  },
  {
    type: 'donation_intent',
    path: '/donate/',
    form: (page) => page.locator('form.donation-form'),
    fill: async (form, email) => {
      await form.getByRole('radio', { name: 'Monthly' }).check();
      await form.getByRole('radio', { name: 'Clean Water', exact: true }).check();
      await form.getByLabel('Or enter another amount').fill('75');
      await form.getByRole('radio', { name: 'PayPal' }).check();
      await form.getByLabel('Full name').fill('Grace Wanjiru');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone (optional)').fill('+254 700 000 001');
      await form.getByLabel('Address (optional)').fill('Box 1, Nakuru');
      await form.getByLabel('Keep my donation anonymous').check();
    },
    stored: {
      type: 'monthly',
      cause: 'water',
      amount: 75,
      paymentMethod: 'paypal',
      name: 'Grace Wanjiru',
      phone: '+254 700 000 001',
      address: 'Box 1, Nakuru',
      anonymous: true,
      newsletter: true,
    },
    submit: /^Donate/,
    sent: (page) => toast(page).getByText('Thank you for your generosity'),
  },
  {
    type: 'sponsorship_application',
    path: '/sponsor/',
    dialog: 'sponsor-amani',
    open: (page) => page.getByRole('button', { name: 'Sponsor Amani' }).click(),
    form: (page) => page.getByRole('dialog', { name: 'Sponsor Amani Otieno' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Esther Moraa');
      await form.getByLabel('Email address').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 002');
      await form.getByLabel('Address', { exact: true }).fill('Box 2, Kisumu');
      await form.getByLabel('Sponsorship type').selectOption('partial');
      await form.getByLabel('Payment frequency').selectOption('quarterly');
      await form.getByLabel('Message to Amani').fill('Keep asking questions!');
    },
    stored: {
      childId: 'amani',
      name: 'Esther Moraa',
      phone: '+254 700 000 002',
      address: 'Box 2, Kisumu',
      sponsorshipType: 'partial',
      paymentMethod: 'quarterly',
      message: 'Keep asking questions!',
    },
    submit: /^Continue to Payment$/,
    sent: (page) => toast(page).getByText(FORMS.sponsorship_application.success),
  },
  {
    type: 'volunteer_application',
    path: '/volunteer/',
    dialog: 'volunteer-apply',
    open: (page) =>
      page
        .getByRole('button', { name: /^Apply Now/ })
        .first()
        .click(),
    form: (page) => page.getByRole('dialog', { name: 'Volunteer Application' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Brian Kiprop');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 003');
      await form.getByLabel('Age').fill('24');
      await form.getByLabel('Nationality').fill('Kenyan');
      await form.getByLabel('Availability').selectOption('Weekends only');
      await form.getByLabel('Preferred role').selectOption('youth-mentorship');
      await form.getByLabel('Skills').selectOption(['Teaching', 'Mentoring']);
      await form.getByLabel('Relevant experience').fill('Two years as a classroom assistant.');
      await form.getByLabel('Why do you want to volunteer').fill('I want to help children learn.');
    },
    stored: {
      name: 'Brian Kiprop',
      phone: '+254 700 000 003',
      age: 24,
      nationality: 'Kenyan',
      availability: 'Weekends only',
      opportunity: 'youth-mentorship',
      skills: ['Teaching', 'Mentoring'],
      experience: 'Two years as a classroom assistant.',
      motivation: 'I want to help children learn.',
    },
    submit: /^Submit Application$/,
    sent: (page) => toast(page).getByText(FORMS.volunteer_application.success),
  },
  {
    type: 'school_volunteer_application',
    path: '/programs/school-volunteering/',
    dialog: 'school-apply',
    open: (page) => page.locator('.page-hero').getByRole('button', { name: 'Apply Now' }).click(),
    form: (page) => page.getByRole('dialog', { name: 'Apply to Volunteer at a School' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Chebet Rono');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 004');
      await form.getByLabel('Preferred school').selectOption('Mathare Valley Junior School');
      await form.getByLabel('Availability').fill('Weekday mornings');
      await form.getByRole('checkbox', { name: 'English', exact: true }).check();
      await form.getByRole('checkbox', { name: 'Biology', exact: true }).check();
      await form.getByLabel('Teaching or tutoring experience').fill('Tutored maths for a year.');
    },
    stored: {
      name: 'Chebet Rono',
      phone: '+254 700 000 004',
      school: 'Mathare Valley Junior School',
      availability: 'Weekday mornings',
      subjects: ['English', 'Biology'],
      experience: 'Tutored maths for a year.',
    },
    submit: /^Submit Application$/,
    sent: (page) => toast(page).getByText(FORMS.school_volunteer_application.success),
  },
  {
    type: 'internship_application',
    path: '/programs/hospital-internships/',
    dialog: 'internship-apply',
    open: (page) => page.locator('.page-hero').getByRole('button', { name: 'Apply Now' }).click(),
    form: (page) => page.getByRole('dialog', { name: 'Apply for a Hospital Internship' }),
    fill: async (form, email) => {
      await form.getByLabel('Full name').fill('Dan Mwangi');
      await form.getByLabel('Email').fill(email);
      await form.getByLabel('Phone').fill('+254 700 000 005');
      await form.getByLabel('University').fill('University of Nairobi');
      await form.getByLabel('Year of study').selectOption('4th Year');
      await form.getByLabel('Field of interest').selectOption('Paediatrics');
      await form.getByLabel('Duration').selectOption('3 months');
      await form.getByLabel('Preferred hospital').selectOption('Westlands Mission Hospital');
      await form.getByLabel('Previous clinical experience').fill('Ward rounds in third year.');
      await form.getByLabel('References').fill('Dr. A, Dr. B');
      await form.getByLabel('Why do you want to intern with us?').fill('To learn paediatric care.');
    },
    stored: {
      name: 'Dan Mwangi',
      phone: '+254 700 000 005',
      university: 'University of Nairobi',
      yearOfStudy: '4th Year',
      medicalField: 'Paediatrics',
      duration: '3 months',
      hospital: 'Westlands Mission Hospital',
      previousExperience: 'Ward rounds in third year.',
      references: 'Dr. A, Dr. B',
      motivation: 'To learn paediatric care.',
    },
    submit: /^Submit Application$/,
    sent: (page) => toast(page).getByText(FORMS.internship_application.success),
  },
];

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

/** The stored events of one submission (found by its unique email). */
async function eventsFor(request: APIRequestContext, email: string): Promise<Event[]> {
  return (await staffList<Event>(request, 'events')).filter((event) => event.payload['email'] === email);
}

/** Waits for the submission's event and checks every typed value reached the database. */
async function expectStored(request: APIRequestContext, form: FormCase, email: string): Promise<void> {
  const event = await expectStaffRow<Event>(request, 'events', (row) => row.payload['email'] === email);
  expect(event.type).toBe(form.type);
  expect(event.payload).toMatchObject(form.stored);
}

/**
 * Holds back every script of the page, as a slow phone link does (about 5 s at 400 kbit/s): here for at least 5 s
 * and until the test releases them, so a busy machine cannot let them slip in before the test has typed.
 */
async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const fiveSeconds = new Promise((resolve) => setTimeout(resolve, 5000));
  await page.route('**/_astro/*.js', async (route) => {
    await Promise.all([released, fiveSeconds]);
    await route.continue().catch(() => {});
  });
  return release;
}

/** Navigates to the form and opens it (its dialog, if it has one). */
async function openForm(page: Page, form: FormCase, waitUntil: 'commit' | 'domcontentloaded' = 'domcontentloaded') {
  // Not 'load': with JavaScript off Chromium loads every lazy image, including those of closed dialogs.
  await page.goto(form.path, { waitUntil });
  if (form.open) await form.open(page);
  const scope = form.form(page);
  await expect(scope).toBeVisible();
  return scope;
}

// Sign in before the test's own steps, so the (slow, deliberately) password check never eats into a wait.
test.beforeEach(async ({ request }) => {
  await staffToken(request);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const form of CASES) {
    test(`${form.type}: posts, is stored with every value, and shows the success text`, async ({ page, request }) => {
      const email = uniqueEmail('nojs');
      const scope = await openForm(page, form);
      await form.fill(scope, email);
      await scope.getByRole('button', { name: form.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/sent/${FORMS[form.type].slug}/$`));
      await expect(page.getByText(FORMS[form.type].success)).toBeVisible();
      await expectStored(request, form, email);
    });

    test(`${form.type}: an invalid email gets a clear error and stores nothing`, async ({ page, request }) => {
      // Valid for the browser's own check (so the post happens), refused by the server's schema.
      const email = `nojs-${randomBytes(4).toString('hex')}@example`;
      const scope = await openForm(page, form);
      await form.fill(scope, email);
      await scope.getByRole('button', { name: form.submit }).click();
      await expect(page.getByRole('heading', { name: 'Please check the form' })).toBeVisible();
      await expect(page.getByRole('listitem')).toHaveText(['Enter a valid email address']);
      await expect(page.getByRole('link', { name: 'Go back to the form' })).toHaveAttribute('href', /./);
      expect(await eventsFor(request, email)).toEqual([]);
    });
  }
});

test.describe('submitted before the island hydrates', () => {
  for (const form of CASES) {
    test(`${form.type}: the native post stores every typed value`, async ({ page, request }) => {
      const release = await holdScripts(page);
      const email = uniqueEmail('early');
      const scope = await openForm(page, form, 'commit');
      await form.fill(scope, email);
      await expect(page.locator('astro-island[ssr]', { has: scope }).first()).toBeAttached();
      await scope.getByRole('button', { name: form.submit }).click();
      await expect(page).toHaveURL(new RegExp(`/sent/${FORMS[form.type].slug}/$`));
      release();
      await expectStored(request, form, email);
    });
  }
});

test('hydration adopts what was typed before it: the island sends the values already in the page', async ({
  page,
  request,
}) => {
  const form = CASES.find((c) => c.type === 'contact_submit')!;
  const release = await holdScripts(page);
  const email = uniqueEmail('adopted');
  const scope = await openForm(page, form, 'commit');
  await form.fill(scope, email);
  await expect(page.locator('astro-island[ssr]', { has: scope }).first()).toBeAttached();
  release();
  await waitForHydration(page, scope);
  await expect(scope.getByLabel('What is it about?')).toHaveValue('partnership');
  await scope.getByRole('button', { name: form.submit }).click();
  await expect(form.sent(page)).toBeVisible();
  await expect(page).toHaveURL(/\/contact\/$/);
  await expectStored(request, form, email);
});

test.describe('offline, then back online', () => {
  for (const form of CASES) {
    test(`${form.type}: errors, then "not sent" with values kept, then stored exactly once`, async ({
      page,
      context,
      request,
    }) => {
      await page.goto(form.path, { waitUntil: 'domcontentloaded' });
      const scope = form.form(page);
      // Bring the island into view (client:visible ones hydrate there), then wait for it.
      await (form.dialog ? page.locator(`[commandfor="${form.dialog}"]`).first() : scope).scrollIntoViewIfNeeded();
      await waitForHydration(page, form.dialog ? page.locator(`#${form.dialog}`) : scope);
      if (form.open) await form.open(page);
      await expect(scope).toBeVisible();

      // Errors: the summary names each field to fix, and each bad field is marked and described.
      const email = uniqueEmail('offline');
      await form.fill(scope, email);
      const emailField = scope.locator('input[name="email"]');
      await emailField.fill('');
      await scope.getByRole('button', { name: form.submit }).click();
      const summary = scope.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary).toBeFocused();
      await expect(summary.getByRole('link')).toContainText([/Email/]);
      await expect(emailField).toHaveAttribute('aria-invalid', 'true');
      await expect(emailField).toHaveAccessibleDescription(/.+/);
      await expectNoAxeViolations(page);

      // Not sent: offline, the visitor is told, and every value stays.
      await emailField.fill(email);
      await expect(emailField).not.toHaveAttribute('aria-invalid');
      await context.setOffline(true);
      await scope.getByRole('button', { name: form.submit }).click();
      await expect(scope.getByRole('status').filter({ hasText: NOT_SENT })).toBeVisible();
      await expect(emailField).toHaveValue(email);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => localStorage.getItem('pendingSubmissions'))).toContain(email);

      // Back online: sent by itself, stored once, and the success shows.
      await context.setOffline(false);
      // The success shows for a few seconds only (the contact message 5 s, a toast 6 s): look for it first.
      await expect(form.sent(page)).toBeAttached({ timeout: 15_000 });
      await expectStored(request, form, email);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingSubmissions'))).toBeNull();
      await expectNoAxeViolations(page);
      expect(await eventsFor(request, email)).toHaveLength(1);
    });
  }
});

test('no public form on any page would send its fields with GET', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const paths: string[] = [];
  for (const [, sitemap] of index.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const xml = await (await request.get(new URL(sitemap ?? '').pathname)).text();
    for (const [, url] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) paths.push(new URL(url ?? '').pathname);
  }
  expect(paths.length).toBeGreaterThan(10);
  const offending: string[] = [];
  let forms = 0;
  for (const path of paths) {
    const html = await (await request.get(path)).text();
    for (const [tag] of html.matchAll(/<form\b[^>]*>/g)) {
      forms += 1;
      // A search box carries no personal data and belongs in the address bar (it is a link to the results).
      if (/\brole="search"/.test(tag)) continue;
      if (!/\bmethod="post"/i.test(tag)) offending.push(`${path}: ${tag}`);
    }
  }
  expect(forms).toBeGreaterThan(paths.length);
  expect(offending).toEqual([]);
});
