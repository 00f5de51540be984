/**
 * Nothing a visitor types is lost. Each of the seven public forms is tried (a) with JavaScript off,
 * (b) submitted before its island's script arrives, and (c) submitted offline, then back online; every form state
 * (errors, not sent, sent) passes axe. The donate and sponsor forms land on the provider's checkout in a new tab
 *: each of their paths ends with one pending gift holding every choice, and the same choices sent to the
 * provider. A last test reads every page's HTML for forms that would use GET.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { FORMS } from '../../src/lib/form-pages.ts';
import { translate } from '../../src/i18n/catalogue.ts';
import { expectStaffRow, staffList, staffToken } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expectCheckout, giftsOf, submitToNewTab } from './support/checkout.ts';
import { CASES, openHydratedForm, type FormCase } from '../../support/browser/form-cases.ts';
import { expectNotHydrated, holdScripts, waitForHydration } from '../../support/browser/hydration.ts';

/** The line a form shows while its submission waits for the connection. */
const NOT_SENT = translate('en', 'form.notSent');

type Event = { type: string; payload: Record<string, unknown> };

const uniqueEmail = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.org`;

/** A form's success page: `/sent/<form>/`. */
const sentPage = (form: FormCase) => new RegExp(`/sent/${FORMS[form.type].slug}/?(\\?.*)?$`);

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

/**
 * Presses the form's submit button and returns the page that answers: for a gift form the new tab it opens (the
 * provider's checkout, or the form's answer); for any other form the same page.
 */
async function press(page: Page, scope: Locator, form: FormCase): Promise<Page> {
  const button = scope.getByRole('button', { name: form.submit });
  if (!form.checkout) {
    await button.click();
    return page;
  }
  return submitToNewTab(page, () => button.click());
}

/**
 * Checks where an accepted form landed: the "sent" page with its text, or for a gift form the provider's checkout
 * for the one pending gift holding every choice; and that every typed value was stored.
 */
async function expectAccepted(request: APIRequestContext, form: FormCase, email: string, answer: Page) {
  if (form.checkout) await expectCheckout(request, email, form.checkout, answer);
  else {
    await expect(answer).toHaveURL(sentPage(form));
    await expect(answer.getByText(FORMS[form.type].success)).toBeVisible();
  }
  await expectStored(request, form, email);
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const form of CASES) {
    const lands = form.checkout
      ? "opens the provider's checkout for a gift holding every choice"
      : 'shows the success text';
    test(`${form.type}: posts, is stored with every value, and ${lands}`, async ({ page, request }) => {
      const email = uniqueEmail('nojs');
      const scope = await openForm(page, form);
      await form.fill(scope, email);
      const answer = await press(page, scope, form);
      await expectAccepted(request, form, email, answer);
      // A gift form's own tab still holds what was typed.
      if (form.checkout) await expect(scope.locator('input[name="email"]')).toHaveValue(email);
    });

    test(`${form.type}: an invalid email brings the form back holding every value; fixed, it is stored once`, async ({
      page,
      request,
    }) => {
      // Valid for the browser's own check (so the post happens), refused by the server's schema.
      const invalid = `nojs-${randomBytes(4).toString('hex')}@example`;
      const scope = await openForm(page, form);
      await form.fill(scope, invalid);
      const answer = await press(page, scope, form);

      // The same form comes back (its dialog open), with the message beside the field and the summary at the top.
      await expect(answer).toHaveTitle(/^Error: /);
      const again = form.form(answer);
      await expect(again).toBeVisible();
      const email = again.locator('input[name="email"]');
      await expect(email).toHaveValue(invalid);
      await expect(email).toHaveAttribute('aria-invalid', 'true');
      await expect(email).toHaveAccessibleDescription(/Enter an email address like name@example\.com/);
      const summary = again.getByRole('alert').filter({ hasText: 'There is a problem' });
      await expect(summary.getByRole('link')).toHaveText([/^Email.*: Enter an email address like name@example\.com$/]);
      await expect(summary).toBeFocused();
      expect(await eventsFor(request, invalid)).toEqual([]);
      if (form.checkout) expect(await giftsOf(request, invalid)).toEqual([]);

      // Only the email is typed again: every other value was held, and the submission is stored once. A gift form
      // is sent again from the tab its answer opened in, which goes on to the checkout: no third tab.
      const fixed = `${invalid}.org`;
      await email.fill(fixed);
      await again.getByRole('button', { name: form.submit }).click();
      await expectAccepted(request, form, fixed, answer);
      expect(page.context().pages()).toHaveLength(form.checkout ? 2 : 1);
      expect(await eventsFor(request, fixed)).toHaveLength(1);
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
      await expectNotHydrated(page, scope);
      const answer = await press(page, scope, form);
      if (!form.checkout) await expect(answer).toHaveURL(sentPage(form));
      release();
      await expectAccepted(request, form, email, answer);
    });
  }
});

test.describe('refused when pressed before the island hydrates', () => {
  for (const form of CASES) {
    test(`${form.type}: the form comes back holding the values once the page's scripts run, and passes axe`, async ({
      page,
    }) => {
      const release = await holdScripts(page);
      const invalid = `early-${randomBytes(4).toString('hex')}@example`;
      const scope = await openForm(page, form, 'commit');
      await form.fill(scope, invalid);
      await expectNotHydrated(page, scope);
      const answer = await press(page, scope, form);
      await expect(answer).toHaveTitle(/^Error: /);
      release();
      await answer.waitForLoadState('load');
      const again = form.form(answer);
      await expect(again.locator('input[name="email"]')).toHaveValue(invalid);
      await expect(again.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(answer);
    });
  }
});

for (const type of ['contact_submit', 'donation_intent'] as const) {
  test(`${type}: hydration adopts what was typed before it, and the island sends the values already in the page`, async ({
    page,
    request,
  }) => {
    const form = CASES.find((c) => c.type === type)!;
    const release = await holdScripts(page);
    const email = uniqueEmail('adopted');
    const scope = await openForm(page, form, 'commit');
    await form.fill(scope, email);
    await expectNotHydrated(page, scope);
    release();
    await waitForHydration(page, scope);
    if (form.checkout) {
      // What was chosen before the island woke up is kept, and what the island draws from it follows.
      await expect(scope.getByRole('radio', { name: 'Clean Water', exact: true })).toBeChecked();
      await expect(scope.getByLabel('Or enter another amount')).toHaveValue('75');
      await expect(scope.getByRole('button', { name: /^Donate \$75 monthly/ })).toBeVisible();
      await expect(page.getByRole('complementary', { name: 'Clean Water' })).toBeVisible();
      const tab = await press(page, scope, form);
      await expect(form.sent(page)).toBeVisible();
      await expectAccepted(request, form, email, tab);
      return;
    }
    await expect(scope.getByLabel('What is it about?')).toHaveValue('partnership');
    await scope.getByRole('button', { name: form.submit }).click();
    await expect(form.sent(page)).toBeVisible();
    await expect(page).toHaveURL(/\/contact\/$/);
    await expectStored(request, form, email);
  });
}

test.describe('offline, then back online', () => {
  for (const form of CASES) {
    const after = form.checkout ? ', with a link to its checkout' : '';
    test(`${form.type}: errors, then "not sent" with values kept, then stored exactly once${after}`, async ({
      page,
      context,
      request,
    }) => {
      const scope = await openHydratedForm(page, form);
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

      // Not sent: offline, the visitor is told, and every value stays (a gift form opens no tab that would fail).
      await emailField.fill(email);
      await expect(emailField).not.toHaveAttribute('aria-invalid');
      await context.setOffline(true);
      await scope.getByRole('button', { name: form.submit }).click();
      await expect(scope.getByRole('status').filter({ hasText: NOT_SENT })).toBeVisible();
      await expect(emailField).toHaveValue(email);
      expect(context.pages()).toHaveLength(1);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => localStorage.getItem('pendingSubmissions'))).toContain(email);

      // Back online: sent by itself, stored once, and the success shows.
      await context.setOffline(false);
      // The success shows for a few seconds only (the contact message 5 s, a toast 6 s): look for it first.
      await expect(form.sent(page)).toBeAttached();
      await expectStored(request, form, email);
      await expect.poll(() => page.evaluate(() => localStorage.getItem('pendingSubmissions'))).toBeNull();
      await expectNoAxeViolations(page);
      expect(await eventsFor(request, email)).toHaveLength(1);
      if (!form.checkout) return;

      // A gift form was sent without a click, so no tab could open: the link to its checkout takes the visitor on.
      const link = scope.getByRole('link', { name: /^Continue to secure payment/ });
      const tab = await submitToNewTab(page, () => link.click());
      await expectCheckout(request, email, form.checkout, tab);
      expect(await tab.evaluate(() => window.opener === null)).toBe(true);
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
      // A search box carries no personal data and belongs in the address bar (it is a link to the results); so do
      // the choices of a gift (amount, frequency, sponsorship type) or of a role, which the next page opens with.
      if (/\brole="search"/.test(tag)) continue;
      if (/\bdata-choices\b/.test(tag)) {
        const fields = html.slice(html.indexOf(tag)).split('</form>')[0] ?? '';
        const names = [...fields.matchAll(/\bname="([^"]+)"/g)].map(([, name]) => name);
        expect(names.length, `${path}: a choices form chooses something`).toBeGreaterThan(0);
        // `language` names the page's language (a /sw/ page's choice comes back in Kiswahili), nothing personal.
        const choices = new Set(['type', 'amount', 'opportunity', 'language']);
        expect(
          names.filter((name) => !choices.has(name ?? '')),
          `${path}: a choices form holds choices only`,
        ).toEqual([]);
        continue;
      }
      if (!/\bmethod="post"/i.test(tag)) offending.push(`${path}: ${tag}`);
    }
  }
  expect(forms).toBeGreaterThan(paths.length);
  expect(offending).toEqual([]);
});
