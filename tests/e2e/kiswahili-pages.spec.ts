/**
 * Home, Sponsor and Meet Our Children in Kiswahili: what a visitor reads and presses is in Kiswahili (the stories,
 * events and children's records stay as written), links stay on /sw/ pages, the children's filters work, a refused
 * plain sponsorship post from /sw/sponsor comes back in Kiswahili holding what was typed, and axe finds nothing.
 */
import { expect, test, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { expectNoAxeViolations } from './support/axe.ts';

/** A cold server can take a while with the first scripts; this waits for them, it does not time the page. */
const HYDRATION_TIMEOUT = 30_000;

async function expectKiswahili(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  // A translated page is not the English one shown with a note.
  await expect(page.getByText('Ukurasa huu bado haujatafsiriwa kwa Kiswahili')).toHaveCount(0);
}

test('the Kiswahili home page speaks Kiswahili and leads to Kiswahili pages', async ({ page }) => {
  await page.goto('/sw/');
  await expectKiswahili(page);
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Tumaini linalofika, siku baada ya siku' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Akili angavu zinazosubiri mfadhili' })).toBeVisible();
  await expect(main.getByRole('heading', { name: 'Njia nne za kubadilisha hadithi ya mtoto' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Tazama Watoto Wote' })).toHaveAttribute('href', '/sw/children');
  await expect(main.getByRole('link', { name: 'Jitolee nasi' })).toHaveAttribute('href', '/sw/volunteer');
  // A child's card: its age, need and button in Kiswahili, the button to the Kiswahili Sponsor page.
  const amani = main.locator('#child-amani');
  await expect(amani).toContainText('Miaka 8');
  await expect(amani.locator('.child-card__need')).toHaveText('KSh 5,400/mwezi (takriban $40)');
  await expect(amani.getByRole('link', { name: 'Mfadhili Amani' })).toHaveAttribute(
    'href',
    '/sw/sponsor?child=amani#child-amani',
  );
  // The carousel's own controls, once it runs.
  const carousel = page.getByRole('region', { name: 'Hadithi za watoto wetu' });
  await expect(carousel.getByRole('button', { name: 'Slaidi inayofuata' })).toBeVisible();
  await expect(carousel.getByRole('link', { name: 'Jiunge Nasi Leo' }).first()).toHaveAttribute(
    'href',
    '/sw/volunteer',
  );
  await expect(page.locator('astro-island:has(.hero-carousel)')).not.toHaveAttribute('ssr', /.*/, {
    timeout: HYDRATION_TIMEOUT,
  });
  const pause = carousel.getByRole('button', { name: 'Sitisha onyesho la slaidi' });
  await pause.click();
  await expect(carousel.getByRole('button', { name: 'Cheza onyesho la slaidi' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expectNoAxeViolations(page);
});

test('the Kiswahili Sponsor page: types, cards and the form in Kiswahili', async ({ page }) => {
  await page.goto('/sw/sponsor/');
  await expectKiswahili(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tembea na mtoto mmoja, hadi amalize shule');
  await expect(page.getByRole('heading', { name: 'Chagua jinsi unavyotaka kusaidia' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ufadhili wa Kikundi' })).toBeVisible();
  await expect(page.getByText('$20–$25 / mtu / mwezi', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Hatua nne za kumfadhili mtoto' })).toBeVisible();
  await expect(page.locator('#child-wanjiku')).toContainText('Miaka 12 · Mathare · ndoto yake ni kuwa lawyer');

  const sponsor = page.getByRole('button', { name: 'Mfadhili Amani' });
  await touchIsland(page, sponsor, { timeout: HYDRATION_TIMEOUT });
  await page.getByRole('button', { name: /^Chagua Chaguo Hili\W+Ufadhili wa Sehemu$/ }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Umechagua' })).toHaveText(
    'Umechagua Ufadhili wa Sehemu. Chagua mtoto hapa chini ili kuendelea.',
  );
  await sponsor.click();
  const dialog = page.getByRole('dialog', { name: 'Mfadhili Amani Otieno' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Ana miaka 8, Kibera. Ufadhili kamili wa Amani ni KSh 5,400 kwa mwezi');
  await expect(dialog.getByLabel('Aina ya ufadhili')).toHaveValue('partial');
  await expect(dialog.getByLabel('Mara za kulipa').locator('option')).toHaveText([
    'Kila mwezi',
    'Kila miezi mitatu',
    'Kila mwaka',
  ]);
  await expect(dialog.getByRole('button', { name: 'Endelea kwenye Malipo' })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Funga' }).click();
  await expect(dialog).toBeHidden();
});

test('the Kiswahili children page filters in Kiswahili', async ({ page }) => {
  await page.goto('/sw/children/');
  await expectKiswahili(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Akili angavu zinazosubiri mfadhili');
  await expect(page.getByRole('link', { name: '← Rudi Mwanzo' })).toHaveAttribute('href', '/sw/');
  const explorer = page.locator('.children-explorer');
  await touchIsland(page, explorer, { timeout: HYDRATION_TIMEOUT });
  const names = explorer.locator('.child-card__name');
  const status = explorer.getByRole('status');
  await expect(status).toHaveText('Watoto wote 8 wanaonyeshwa');
  await expect(names).toHaveCount(8);

  const age = page.getByLabel('Umri', { exact: true });
  await expect(age.locator('option')).toHaveText(['Umri wote', 'Miaka 10 au chini', 'Zaidi ya miaka 10']);
  await age.selectOption({ label: 'Miaka 10 au chini' });
  await expect(names).toHaveText(['Amani Otieno', 'Baraka Mwangi', 'Kibet Cheruiyot', 'Zawadi Njeri']);
  await expect(status).toHaveText('Wanaonyeshwa watoto 4 kati ya 8');
  await expect(page).toHaveURL(/\/sw\/children\/?\?age=young$/);

  await page.getByLabel('Mahali', { exact: true }).selectOption('Westlands');
  await expect(explorer.getByRole('heading', { name: 'Hakuna mtoto aliyepatikana' })).toBeVisible();
  await page.getByRole('button', { name: 'Futa Vichujio Vyote' }).click();
  await expect(names).toHaveCount(8);

  await page.getByRole('searchbox', { name: 'Tafuta' }).fill('doctor');
  await expect(names).toHaveText(['Achieng Odhiambo']);
  await expect(explorer.getByRole('link', { name: 'Mfadhili Achieng' })).toHaveAttribute(
    'href',
    '/sw/sponsor?child=achieng#child-achieng',
  );
  await expectNoAxeViolations(page);
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test("'Choose This Option' on /sw/sponsor answers with the Kiswahili page, that type chosen", async ({ page }) => {
    await page.goto('/sw/sponsor/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: /^Chagua Chaguo Hili\W+Ufadhili wa Kikundi$/ }).click();
    await expect(page).toHaveURL(/\/api\/choose\/sponsorship\?language=sw&type=group$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    await expect(page.getByRole('button', { name: /^Chagua Chaguo Hili\W+Ufadhili wa Kikundi$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.getByRole('button', { name: 'Mfadhili Amani' }).click();
    const dialog = page.getByRole('dialog', { name: 'Mfadhili Amani Otieno' });
    await expect(dialog.getByLabel('Aina ya ufadhili')).toHaveValue('group');
  });

  test('a refused sponsorship form from /sw/sponsor comes back in Kiswahili, holding what was typed', async ({
    page,
  }) => {
    // Not 'load': with JavaScript off Chromium loads every lazy image, including those of closed dialogs.
    await page.goto('/sw/sponsor/', { waitUntil: 'domcontentloaded' });
    await page.getByRole('button', { name: 'Mfadhili Amani' }).click();
    const form = page.getByRole('dialog', { name: 'Mfadhili Amani Otieno' });
    await form.getByLabel('Jina kamili').fill('Njeri Wambui');
    // Valid for the browser's own check (so the post happens), refused by the server's.
    await form.getByLabel('Anwani ya barua pepe').fill('njeri@example');
    await form.getByLabel('Ujumbe kwa Amani').fill('Endelea kusoma kwa bidii!');
    const opened = page.context().waitForEvent('page');
    await form.getByRole('button', { name: 'Endelea kwenye Malipo' }).click();
    const answer = await opened;
    await answer.waitForLoadState('domcontentloaded');

    await expect(answer).toHaveTitle(/^Hitilafu: /);
    await expect(answer.locator('html')).toHaveAttribute('lang', 'sw');
    const again = answer.getByRole('dialog', { name: 'Mfadhili Amani Otieno' });
    await expect(again).toBeVisible();
    await expect(again.getByLabel('Jina kamili')).toHaveValue('Njeri Wambui');
    await expect(again.getByLabel('Anwani ya barua pepe')).toHaveValue('njeri@example');
    await expect(again.getByLabel('Ujumbe kwa Amani')).toHaveValue('Endelea kusoma kwa bidii!');
    const summary = again.getByRole('alert').filter({ hasText: 'Kuna tatizo' });
    await expect(summary.getByRole('link')).toHaveText([
      'Anwani ya barua pepe: Andika anwani ya barua pepe kama jina@mfano.com',
    ]);
  });
});
