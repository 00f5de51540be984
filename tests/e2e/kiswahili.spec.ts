/**
 * Kiswahili: a gift from /sw/donate gets a Kiswahili receipt, an application from /sw/volunteer a
 * Kiswahili acknowledgement, both through the run's real SMTP server; the language switcher keeps the page with
 * JavaScript on and off; a refused plain post from a /sw/ page comes back in Kiswahili holding what was typed; every
 * public page names its alternates (hreflang) and the sitemap lists both languages.
 */
import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { pdfText } from '../support/pdf-text.ts';
import { staffList } from './support/api.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { paystackConfirms } from './support/checkout.ts';
import { mailTo } from './support/mailbox.ts';
import { KISWAHILI_PAGES, PUBLIC_PAGES } from '../../support/browser/pages.ts';

const tag = () => randomBytes(4).toString('hex');
/** A story written in English only: under /sw/ it is the English text inside the Kiswahili navigation. */
const STORY = '/blog/first-day-at-kibera-hope';

/** Waits until the island holding `inner` has hydrated (scrolled to first: the form islands wake when visible). */
async function hydrated(page: Page, inner: Locator): Promise<void> {
  await inner.scrollIntoViewIfNeeded();
  await touchIsland(page, inner, { timeout: 30_000 });
}

/** The language switcher of the footer (the navigation's is inside the menu on a phone). */
const footerSwitcher = (page: Page) => page.getByRole('contentinfo').getByRole('group', { name: /^(Language|Lugha)$/ });

async function giftOf(request: APIRequestContext, email: string) {
  let found: { reference: string; state: string } | undefined;
  await expect
    .poll(async () => {
      const gifts = await staffList<{ reference: string; state: string; donor_email: string }>(request, 'gifts');
      return (found = gifts.find((gift) => gift.donor_email === email));
    })
    .toBeDefined();
  return found!;
}

test('a $50 gift from /sw/donate gets its receipt, and the PDF, in Kiswahili', async ({ page, request }) => {
  const email = `zawadi-${tag()}@example.org`;
  await page.goto('/sw/donate/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mpe mtoto kesho iliyo bora');
  const form = page.locator('form.donation-form');
  await form.scrollIntoViewIfNeeded();
  await hydrated(page, form);
  await form.getByRole('radio', { name: 'Mara moja' }).check();
  await form.getByRole('radio', { name: 'Elimu', exact: true }).check();
  await form.getByRole('radio', { name: '$50', exact: true }).check();
  await form.getByLabel('Jina kamili').fill('Wanjiku Kamau');
  await form.getByLabel('Barua pepe').fill(email);
  await expectNoAxeViolations(page);
  const opened = page.context().waitForEvent('page');
  await form.getByRole('button', { name: /^Changia \$50/ }).click();
  await (await opened).waitForLoadState();
  await expect(page.locator('#toast')).toHaveText(
    'Tunakupeleka kwenye ukurasa salama wa malipo kwa mchango wako wa mara moja wa $50. Asante kwa ukarimu wako!',
  );

  const gift = await giftOf(request, email);
  await paystackConfirms(request, gift.reference);
  const [receipt] = await mailTo(email, (mail) => mail.subject.startsWith('Risiti yako R-'));
  expect(receipt!.subject).toMatch(/^Risiti yako R-\d{6} kutoka Tumaini Children's Foundation$/);
  expect(receipt!.text).toContain('Asante, Wanjiku Kamau. Mchango wako umetufikia, na hii ni risiti yako.');
  expect(receipt!.text).toContain('Kiasi: $50.00');
  expect(receipt!.text).toContain('Mchango: Mara moja, Elimu (mchango)');
  const pdf = pdfText(receipt!.attachments[0]!.content);
  expect(pdf).toContain('Risiti R-');
  expect(pdf).toContain('Imepokelewa kutoka kwa: Wanjiku Kamau');
});

test('an application from /sw/volunteer is acknowledged in Kiswahili', async ({ page }) => {
  const email = `mjitoleaji-${tag()}@example.org`;
  await page.goto('/sw/volunteer/');
  const applyNow = page.getByRole('button', { name: /^Omba sasa/ }).first();
  await hydrated(page, applyNow);
  await applyNow.click();
  const dialog = page.getByRole('dialog', { name: 'Ombi la kujitolea' });
  await dialog.getByLabel('Jina kamili').fill('Baraka Otieno');
  await dialog.getByLabel('Barua pepe').fill(email);
  await dialog.getByLabel('Simu').fill('+254 700 000 046');
  await dialog.getByLabel('Umri').fill('26');
  await dialog.getByLabel('Uraia').fill('Mkenya');
  await dialog.getByLabel('Muda unaopatikana').selectOption({ label: 'Wikendi tu' });
  await dialog.getByLabel('Kwa nini unataka kujitolea').fill('Nataka kuwasaidia watoto kusoma.');
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Tuma ombi' }).click();
  await expect(page.locator('#toast')).toContainText('Ombi lako la kujitolea limetumwa!');

  const [ack] = await mailTo(email, (mail) => mail.subject === 'Tumepokea ombi lako la kujitolea');
  expect(ack!.text).toContain('Mpendwa Baraka Otieno,');
  expect(ack!.text).toMatch(/atalipitia na kuwasiliana nawe ndani ya siku 3–5 za kazi, na si zaidi ya \w+, \d+ \w+/);
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the language switcher, JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ javaScriptEnabled });

    test('keeps the visitor on the same page, both ways', async ({ page }) => {
      await page.goto('/programs/school-volunteering/');
      await footerSwitcher(page).getByRole('link', { name: 'Kiswahili' }).click();
      await expect(page).toHaveURL(/\/sw\/programs\/school-volunteering\/?$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
      await footerSwitcher(page).getByRole('link', { name: 'English' }).click();
      await expect(page).toHaveURL(/\/programs\/school-volunteering\/?$/);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');

      await page.goto('/donate/');
      await page
        .getByRole('banner')
        .getByRole('group', { name: 'Language' })
        .getByRole('link', { name: 'Kiswahili' })
        .click();
      await expect(page).toHaveURL(/\/sw\/donate\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mpe mtoto kesho iliyo bora');
    });
  });
}

test('the footer of a Kiswahili page is in Kiswahili: the mission, the office map and the newsletter', async ({
  page,
}) => {
  await page.goto('/sw/contact/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('Tumaini — yaani matumaini — inatembea pamoja na watoto')).toBeVisible();
  await expect(footer.getByRole('link', { name: /^Fungua kwenye ramani/ })).toBeVisible();
  await expect(footer.getByRole('img', { name: /^Ramani ya mitaa ya Westlands/ })).toBeAttached();
  await expect(footer.getByPlaceholder('wewe@mfano.com')).toBeVisible();
  await footer.getByRole('button', { name: 'Onyesha ramani' }).click();
  await expect(footer.getByRole('button', { name: 'Onyesha ramani' })).toBeHidden();
  await expect(footer).not.toContainText('Swahili for hope');
  await expect(footer).not.toContainText('Open in a map');
});

test('a story written only in English shows under /sw/ with a note, and tells search engines its English address', async ({
  page,
}) => {
  await page.goto(`/sw${STORY}/`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByText('Ukurasa huu bado haujatafsiriwa kwa Kiswahili')).toBeVisible();
  await expect(page.locator('main')).toHaveAttribute('lang', 'en');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${STORY}/$`));
  await expectNoAxeViolations(page);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('a refused gift form from /sw/donate comes back in Kiswahili, holding what was typed', async ({ page }) => {
    await page.goto('/sw/donate/');
    const form = page.locator('form.donation-form');
    await form.getByLabel('Jina kamili').fill('Achieng Odhiambo');
    // Valid for the browser's own check (so the post happens), refused by the server's.
    await form.getByLabel('Barua pepe').fill('achieng@example');
    const opened = page.context().waitForEvent('page');
    await form.getByRole('button', { name: /^Changia/ }).click();
    const answer = await opened;
    await answer.waitForLoadState();
    await expect(answer).toHaveTitle(/^Hitilafu: /);
    await expect(answer.locator('html')).toHaveAttribute('lang', 'sw');
    const again = answer.locator('form.donation-form');
    await expect(again.getByLabel('Jina kamili')).toHaveValue('Achieng Odhiambo');
    await expect(again.getByLabel('Barua pepe')).toHaveValue('achieng@example');
    const summary = again.getByRole('alert').filter({ hasText: 'Kuna tatizo' });
    await expect(summary.getByRole('link')).toHaveText(['Barua pepe: Andika anwani ya barua pepe kama jina@mfano.com']);
  });
});

test('every public page names its English, Kiswahili and default addresses', async ({ page }) => {
  const pages = [...PUBLIC_PAGES, ...KISWAHILI_PAGES, STORY, `/sw${STORY}`];
  for (const path of pages.map((page) => (page.endsWith('/') ? page : `${page}/`))) {
    await page.goto(path);
    const hreflangs = await page
      .locator('link[rel="alternate"][hreflang]')
      .evaluateAll((links) =>
        links.map((link) => `${link.getAttribute('hreflang')} ${new URL(link.getAttribute('href')!).pathname}`),
      );
    const english = path.replace(/^\/sw\//, '/');
    expect(hreflangs, path).toContain(`en ${english}`);
    expect(hreflangs, path).toContain(`x-default ${english}`);
    expect(hreflangs, path).toContain(`sw ${english === '/' ? '/sw/' : `/sw${english}`}`);
    expect(hreflangs, path).toHaveLength(3);
  }
});

test('the sitemap lists both languages, each Kiswahili page with its English alternate', async ({ request }) => {
  const index = await (await request.get('/sitemap-index.xml')).text();
  const xml = (
    await Promise.all(
      [...index.matchAll(/<loc>([^<]*)<\/loc>/g)].map(async ([, url]) =>
        (await request.get(new URL(url!).pathname)).text(),
      ),
    )
  ).join('');
  const paths = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, url]) => new URL(url!).pathname);
  expect(paths).toContain('/donate/');
  expect(paths).toContain('/sw/donate/');
  expect(paths).toContain('/sw/volunteer/');
  // A page shown under /sw/ only as its English fallback is not listed.
  expect(paths).not.toContain(`/sw${STORY}/`);
  expect(xml).toMatch(/<loc>[^<]*\/sw\/donate\/<\/loc><xhtml:link rel="alternate" hreflang="(en|sw)"/);
});
