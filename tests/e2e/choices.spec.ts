/**
 * What a visitor chose travels with them, with and without JavaScript. /get-involved → /donate keeps the
 * amount and frequency; /get-involved's sponsorship chooser → /sponsor keeps the type; /sponsor keeps the child and
 * the type; and each gift form ends at the provider's checkout with one pending gift holding every choice, the same
 * choices sent to the provider (support/checkout.ts). A role's "Apply for This Role" preselects the role even with
 * JavaScript fully off, and the application stored names it.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FORMS } from '../../src/lib/form-pages.ts';
import { expectStaffRow, staffToken } from './support/api.ts';
import { expectCheckout, submitToNewTab } from './support/checkout.ts';
import { touchIsland } from '../../support/browser/hydration.ts';

const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

/** Chooses $100 monthly in the Get Involved donation box and continues. */
async function chooseOnGetInvolved(page: Page, typed: boolean): Promise<void> {
  // With JavaScript, 'load' comes after the box's module script has run.
  await page.goto('/get-involved/', { waitUntil: typed ? 'domcontentloaded' : 'load' });
  const box = page.locator('form.donation-box');
  await box.getByRole('radio', { name: 'Monthly' }).check();
  if (typed) await box.getByLabel('Or enter your own amount (USD)').fill('100');
  else await box.getByRole('button', { name: '$100' }).click();
  await box.getByRole('button', { name: 'Continue to the donation form' }).click();
}

/** Chooses "Education sponsorship" in the Get Involved chooser and continues to /sponsor. */
async function chooseEducationSponsorship(page: Page): Promise<void> {
  await page.goto('/get-involved/', { waitUntil: 'load' });
  const chooser = page.getByRole('group', { name: 'Walk with one child, month after month' });
  await chooser.getByText('Full support sponsorship', { exact: true }).click();
  await chooser.getByText('Education sponsorship', { exact: true }).click();
  await page.getByRole('button', { name: 'Choose a child to sponsor' }).click();
}

/**
 * Sponsors Amani from her open form as Esther Moraa (choosing `frequency` when given), continues to payment, and checks
 * that the pending gift and the provider's checkout carry the type, the frequency and the amount.
 */
async function sponsorAmani(
  page: Page,
  request: APIRequestContext,
  dialog: Locator,
  label: string,
  expected: { sponsorship_type: string; frequency: string; amount_subunits: number },
  frequency?: string,
): Promise<void> {
  const sponsor = email(label);
  await dialog.getByLabel('Full name').fill('Esther Moraa');
  await dialog.getByLabel('Email address').fill(sponsor);
  if (frequency) await dialog.getByLabel('Payment frequency').selectOption(frequency);
  const tab = await submitToNewTab(page, () => dialog.getByRole('button', { name: 'Continue to Payment' }).click());
  await expectCheckout(request, sponsor, { kind: 'sponsorship', child_id: 'amani', ...expected }, tab);
}

/** The sponsorship type the Sponsor page's cards show as chosen. */
const pressedType = (page: Page) => page.locator('[data-choose][aria-pressed="true"]');

// Sign in before the test's own steps, so the (slow, deliberately) password check never eats into a wait.
test.beforeEach(async ({ request }) => {
  await staffToken(request);
});

test.describe('with JavaScript', () => {
  test('/get-involved → /donate keeps amount and frequency, in the address and the form, up to the checkout', async ({
    page,
    request,
  }) => {
    await chooseOnGetInvolved(page, false);
    await expect(page).toHaveURL(/\/donate\/\?amount=100&type=monthly$/);
    const form = page.locator('form.donation-form');
    await touchIsland(page, form);
    await expect(form.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(form.getByRole('radio', { name: '$100' })).toBeChecked();
    await expect(form.getByRole('button', { name: /^Donate \$100 monthly/ })).toBeVisible();

    // A change is kept in the address too (a reload or Back keeps it).
    await form.getByRole('radio', { name: 'Clean Water', exact: true }).check();
    await expect(page).toHaveURL(/\/donate\/\?amount=100&type=monthly&cause=water$/);
    await page.reload();
    await touchIsland(page, form);
    await expect(form.getByRole('radio', { name: 'Clean Water', exact: true })).toBeChecked();

    const donor = email('choices');
    await form.getByLabel('Full name').fill('Grace Wanjiru');
    await form.getByLabel('Email').fill(donor);
    const tab = await submitToNewTab(page, () => form.getByRole('button', { name: /^Donate/ }).click());
    await expectCheckout(
      request,
      donor,
      { kind: 'donation', frequency: 'monthly', cause: 'water', amount_subunits: 10_000, currency: 'USD' },
      tab,
    );
  });

  test('/sponsor keeps the child and type in the address, and the checkout carries child, type and frequency', async ({
    page,
    request,
  }) => {
    await page.goto('/sponsor/?child=amani&type=partial');
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('partial');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: /^Choose This Option\W+Group Sponsorship$/ }).click();
    await expect(page).toHaveURL(/[?&]type=group(&|$)/);
    await expect(page).toHaveURL(/[?&]child=amani(&|$)/);
    await expect(pressedType(page)).toHaveAttribute('data-choose', 'group');

    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('group');
    // Group sponsorship is $20 a month: a yearly payment is $240.
    await sponsorAmani(
      page,
      request,
      dialog,
      'sponsor-choices',
      { sponsorship_type: 'group', frequency: 'annual', amount_subunits: 24_000 },
      'annual',
    );
  });

  test("/get-involved's sponsorship chooser → /sponsor keeps the type in the address, the cards and the form", async ({
    page,
  }) => {
    await chooseEducationSponsorship(page);
    // Education sponsorship is a share of one child's costs: the Sponsor page's partial sponsorship.
    await expect(page).toHaveURL(/\/sponsor\/\?type=partial$/);
    await expect(pressedType(page)).toHaveAttribute('data-choose', 'partial');
    await touchIsland(page, page.locator('#sponsor-amani'));
    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('partial');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('/get-involved → the Donate form with amount and frequency chosen → a checkout carrying every choice', async ({
    page,
    request,
  }) => {
    await chooseOnGetInvolved(page, true);
    const form = page.locator('form.donation-form');
    await expect(form.getByRole('radio', { name: 'Monthly' })).toBeChecked();
    await expect(form.getByRole('radio', { name: '$100' })).toBeChecked();
    await form.getByRole('radio', { name: 'Healthcare Urgent', exact: true }).check();
    const donor = email('nojs-choices');
    await form.getByLabel('Full name').fill('Grace Wanjiru');
    await form.getByLabel('Email').fill(donor);
    const tab = await submitToNewTab(page, () => form.getByRole('button', { name: /^Donate/ }).click());
    await expectCheckout(
      request,
      donor,
      { kind: 'donation', frequency: 'monthly', cause: 'healthcare', amount_subunits: 10_000, currency: 'USD' },
      tab,
    );
  });

  test("a sponsorship's checkout carries the child, the type and the frequency", async ({ page, request }) => {
    await page.goto('/sponsor/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await dialog.getByLabel('Sponsorship type').selectOption('group');
    // Group sponsorship is $20 a month: a quarterly payment is $60.
    await sponsorAmani(
      page,
      request,
      dialog,
      'nojs-sponsor',
      { sponsorship_type: 'group', frequency: 'quarterly', amount_subunits: 6_000 },
      'quarterly',
    );
  });

  test("/get-involved's sponsorship chooser → the Sponsor page with that type on its cards and in every form → the checkout", async ({
    page,
    request,
  }) => {
    await chooseEducationSponsorship(page);
    await expect(page).toHaveURL(/\/api\/choose\/sponsorship\?type=partial$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Walk beside one child, all the way through school',
    );
    await expect(pressedType(page)).toHaveAttribute('data-choose', 'partial');
    // The four children shown, and the forms of the other waiting children a link can open: every one says partial.
    const types = page.locator('select[name="sponsorshipType"]');
    await expect(types.nth(3)).toBeAttached();
    const chosen = await types.evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value));
    expect(new Set(chosen)).toEqual(new Set(['partial']));

    // "Choose This Option" changes it the same way, without a script.
    await page.getByRole('button', { name: /^Choose This Option\W+Group Sponsorship$/ }).click();
    await expect(page).toHaveURL(/\/api\/choose\/sponsorship\?type=group$/);
    await expect(pressedType(page)).toHaveAttribute('data-choose', 'group');

    await page.getByRole('button', { name: 'Sponsor Amani' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('group');
    await sponsorAmani(page, request, dialog, 'nojs-chooser', {
      sponsorship_type: 'group',
      frequency: 'monthly',
      amount_subunits: 2_000,
    });
  });

  test("/api/choose/sponsorship?child=&type= opens that child's form with the type chosen", async ({ page }) => {
    await page.goto('/api/choose/sponsorship?child=amani&type=partial', { waitUntil: 'domcontentloaded' });
    const dialog = page.getByRole('dialog', { name: 'Sponsor Amani Otieno' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Sponsorship type')).toHaveValue('partial');
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test("a role's 'Apply for This Role' opens the application with that role chosen, and the application names it", async ({
    page,
    request,
  }) => {
    await page.goto('/volunteer/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^View Details for Youth Mentor/ }).click();
    const details = page.getByRole('dialog', { name: /^Youth Mentor/ });
    await expect(details).toBeVisible();
    await details.getByRole('button', { name: 'Apply for This Role' }).click();

    const application = page.getByRole('dialog', { name: 'Volunteer Application' });
    await expect(application).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(1);
    await expect(application.getByLabel('Preferred role')).toHaveValue('youth-mentorship');

    const volunteer = email('nojs-role');
    await application.getByLabel('Full name').fill('Brian Kiprop');
    await application.getByLabel('Email').fill(volunteer);
    await application.getByLabel('Phone').fill('+254 700 000 003');
    await application.getByLabel('Age').fill('24');
    await application.getByLabel('Nationality').fill('Kenyan');
    await application.getByLabel('Availability').selectOption('Weekends only');
    await application.getByLabel('Why do you want to volunteer').fill('I want to help children learn.');
    await application.getByRole('button', { name: 'Submit Application' }).click();
    await expect(page.getByText(FORMS.volunteer_application.success)).toBeVisible();
    const stored = await expectStaffRow<{ type: string; payload: Record<string, unknown> }>(
      request,
      'events',
      (event) => event.payload['email'] === volunteer,
    );
    expect(stored).toMatchObject({ type: 'volunteer_application', payload: { opportunity: 'youth-mentorship' } });
  });

  test("a role card's 'Apply Now' opens the application with that role chosen", async ({ page }) => {
    await page.goto('/volunteer/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^Apply Now for Youth Mentor/ }).click();
    const application = page.getByRole('dialog', { name: 'Volunteer Application' });
    await expect(application.getByLabel('Preferred role')).toHaveValue('youth-mentorship');
  });
});
