/**
 * Meet Our Children (/children): every waiting child, with search, age, location and sort live on every change, the
 * empty state and Clear All Filters, the need in KES and USD, links to /sponsor?child={id}#child-{id} (which opens the
 * form for any waiting child, not only the four /sponsor lists), and filters kept in a shareable URL. /samu's Children
 * tab marks the four children Home and /sponsor show.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn } from './support/dashboard.ts';
import { holdScripts, touchIsland } from '../../support/browser/hydration.ts';

/** Every waiting child of children.json, sorted by name (the unfiltered view). */
const BY_NAME = [
  'Achieng Odhiambo',
  'Amani Otieno',
  'Baraka Mwangi',
  'Kibet Cheruiyot',
  'Musa Abdi',
  'Neema Atieno',
  'Wanjiku Kamau',
  'Zawadi Njeri',
];

/** The first four children of children.json: the ones Home and /sponsor show. */
const FIRST_FOUR = ['Amani Otieno', 'Wanjiku Kamau', 'Baraka Mwangi', 'Achieng Odhiambo'];

function grid(page: Page): Locator {
  return page.locator('.children-explorer');
}

/** Names on the cards, in the order shown. */
function names(page: Page): Locator {
  return grid(page).locator('.child-card__name');
}

/** A cold server can take a while with the first scripts; this waits for them, it does not time the page. */
const HYDRATION_TIMEOUT = 20_000;

/** Opens the page, touches the filter island as a visitor does and waits until it has hydrated. */
async function open(page: Page, path = '/children'): Promise<void> {
  await page.goto(path);
  await touchIsland(page, page.locator('.children-explorer'), { timeout: HYDRATION_TIMEOUT });
}

test.describe('Meet Our Children', () => {
  test('shows every waiting child unfiltered, in HTML before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/children');
    await expect(names(page)).toHaveText(BY_NAME);
    // Without JavaScript the link still reaches the child: /sponsor opens at Achieng's card, whose button opens her
    // form natively.
    await page.getByRole('link', { name: 'Sponsor Achieng' }).click();
    await expect(page).toHaveURL(/\/sponsor\?child=achieng#child-achieng$/);
    await expect(page.locator('#child-achieng')).toBeInViewport();
    await page.locator('#child-achieng').getByRole('button', { name: 'Sponsor Achieng' }).click();
    await expect(page.getByRole('dialog', { name: 'Sponsor Achieng Odhiambo' })).toBeVisible();
    await context.close();
  });

  test('offers the search and filters only when JavaScript runs; without it every child shows', async ({
    browser,
    page,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const noScript = await context.newPage();
    await noScript.goto('/children');
    await expect(names(noScript)).toHaveText(BY_NAME);
    await expect(noScript.getByRole('search', { name: 'Find a child' })).toBeHidden();
    await expect(noScript.getByRole('combobox', { name: 'Age' })).toBeHidden();
    await context.close();

    await open(page);
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Location' })).toBeVisible();
  });

  test('cards show the badge, a 60-character teaser and the need in KES and USD', async ({ page }) => {
    await open(page);
    await expect(page.getByRole('link', { name: /Back to Home/ })).toHaveAttribute('href', '/');
    const achieng = page.locator('#child-achieng');
    await expect(achieng.getByText('Available', { exact: true })).toBeVisible();
    // 10125 KES ÷ 135 = 75 USD; 5400 ÷ 135 = 40.
    await expect(achieng.locator('.child-card__need')).toHaveText('KES 10,125/month (about $75)');
    await expect(page.locator('#child-amani .child-card__need')).toContainText('(about $40)');
    const teaser = await achieng.locator('.card__body > p').nth(1).textContent();
    expect(teaser).toBe('Achieng wants to become a doctor and already volunteers at t…');
    await expect(grid(page).getByRole('status')).toHaveText('Showing all 8 children');
  });

  test('search matches name, dream job or location, ignoring case, and lands in the URL', async ({ page }) => {
    await open(page);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('DOCTOR');
    await expect(names(page)).toHaveText(['Achieng Odhiambo']);
    await search.fill('kibera');
    await expect(names(page)).toHaveText(['Amani Otieno', 'Zawadi Njeri']);
    await search.fill('engineer');
    await expect(names(page)).toHaveText(['Amani Otieno', 'Baraka Mwangi']);
    await search.fill('SOFTWARE');
    await expect(names(page)).toHaveText(['Musa Abdi']);
    await search.fill('wanj');
    await expect(names(page)).toHaveText(['Wanjiku Kamau']);
    await expect(grid(page).getByRole('status')).toHaveText('Showing 1 of 8 children');
    await expect(page).toHaveURL(/\/children\?q=wanj$/);
  });

  test('the age filter splits at 10: young is 10 or under, teen is over 10', async ({ page }) => {
    await open(page);
    const age = page.getByLabel('Age', { exact: true });
    await age.selectOption('young');
    await expect(names(page)).toHaveText(['Amani Otieno', 'Baraka Mwangi', 'Kibet Cheruiyot', 'Zawadi Njeri']);
    await expect(page).toHaveURL(/age=young/);
    await age.selectOption('teen');
    await expect(names(page)).toHaveText(['Achieng Odhiambo', 'Musa Abdi', 'Neema Atieno', 'Wanjiku Kamau']);
    await age.selectOption('all');
    await expect(names(page)).toHaveText(BY_NAME);
    await expect(page).toHaveURL(/\/children$/);
  });

  test('the location filter offers the locations of the children shown', async ({ page }) => {
    await open(page);
    const location = page.getByLabel('Location');
    await expect(location.locator('option')).toHaveText([
      'All locations',
      'Eastleigh',
      'Kawangware',
      'Kibera',
      'Mathare',
      'Mukuru',
      'Westlands',
    ]);
    await location.selectOption('Mathare');
    await expect(names(page)).toHaveText(['Neema Atieno', 'Wanjiku Kamau']);
    await expect(page).toHaveURL(/location=Mathare/);
  });

  test('sorts by name, age, monthly need and location', async ({ page }) => {
    await open(page);
    const sort = page.getByLabel('Sort by');
    await sort.selectOption('age');
    await expect(names(page)).toHaveText([
      'Zawadi Njeri',
      'Amani Otieno',
      'Kibet Cheruiyot',
      'Baraka Mwangi',
      'Neema Atieno',
      'Wanjiku Kamau',
      'Musa Abdi',
      'Achieng Odhiambo',
    ]);
    await expect(page).toHaveURL(/sort=age/);
    await sort.selectOption('location');
    // Eastleigh, Kawangware, Kibera, Mathare, Mukuru, Westlands; by name within one.
    await expect(names(page)).toHaveText([
      'Musa Abdi',
      'Baraka Mwangi',
      'Amani Otieno',
      'Zawadi Njeri',
      'Neema Atieno',
      'Wanjiku Kamau',
      'Kibet Cheruiyot',
      'Achieng Odhiambo',
    ]);
    await sort.selectOption('need');
    await expect(grid(page).locator('.child-card__need strong')).toHaveText([
      'KES 5,400',
      'KES 6,075',
      'KES 6,750',
      'KES 7,425',
      'KES 8,100',
      'KES 8,775',
      'KES 9,450',
      'KES 10,125',
    ]);
    await sort.selectOption('name');
    await expect(names(page)).toHaveText(BY_NAME);
  });

  test('nothing matching shows the empty state, and Clear All Filters brings every child back', async ({ page }) => {
    await open(page);
    await page.getByLabel('Location').selectOption('Kibera');
    await page.getByLabel('Age', { exact: true }).selectOption('teen');
    await expect(names(page)).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'No children found' })).toBeVisible();
    await expect(page.getByText(/adjusting your search criteria/)).toBeVisible();
    await expect(grid(page).getByRole('status')).toHaveText('No children found');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(names(page)).toHaveText(BY_NAME);
    await expect(page.getByLabel('Location')).toHaveValue('');
    await expect(page.getByLabel('Age', { exact: true })).toHaveValue('all');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toBeFocused();
    await expect(page).toHaveURL(/\/children$/);
  });

  test('a filtered URL opened directly shows that view', async ({ page }) => {
    await open(page, '/children?age=teen&sort=need&q=a');
    await expect(page.getByLabel('Age', { exact: true })).toHaveValue('teen');
    await expect(page.getByLabel('Sort by')).toHaveValue('need');
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue('a');
    const teensByNeed = ['Wanjiku Kamau', 'Musa Abdi', 'Neema Atieno', 'Achieng Odhiambo'];
    await expect(names(page)).toHaveText(teensByNeed);
    await page.reload();
    await expect(names(page)).toHaveText(teensByNeed);
  });

  test('a card or its button leads to /sponsor?child={id}', async ({ page }) => {
    await open(page);
    // Anywhere on the card: its portrait corner, away from the button.
    await page.locator('#child-baraka').click({ position: { x: 24, y: 24 } });
    await expect(page).toHaveURL(/\/sponsor\?child=baraka#child-baraka$/);
    await open(page);
    await page.getByRole('link', { name: 'Sponsor Wanjiku' }).click();
    await expect(page).toHaveURL(/\/sponsor\?child=wanjiku#child-wanjiku$/);
  });

  test('a child beyond the four /sponsor lists is found by search and reached on /sponsor, with JavaScript', async ({
    page,
  }) => {
    await open(page);
    await page.getByRole('searchbox', { name: 'Search' }).fill('athlete');
    await expect(names(page)).toHaveText(['Kibet Cheruiyot']);
    await page.getByRole('link', { name: 'Sponsor Kibet' }).click();
    await expect(page).toHaveURL(/\/sponsor\?child=kibet#child-kibet$/);
    await expect(page.getByRole('dialog', { name: 'Sponsor Kibet Cheruiyot' })).toBeVisible({
      timeout: HYDRATION_TIMEOUT,
    });
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    // /sponsor still lists the first four; Kibet's card stays shown while the address names him.
    await expect(page.locator('main .child-card:visible .child-card__name')).toHaveText([
      ...FIRST_FOUR,
      'Kibet Cheruiyot',
    ]);
  });

  test('without JavaScript every waiting child has a card on /children and a form on /sponsor', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/children');
    await expect(names(page)).toHaveText(BY_NAME);
    await page.getByRole('link', { name: 'Sponsor Neema' }).click();
    await expect(page).toHaveURL(/\/sponsor\?child=neema#child-neema$/);
    await expect(page.locator('#child-neema')).toBeInViewport();
    await page.locator('#child-neema').getByRole('button', { name: 'Sponsor Neema' }).click();
    await expect(page.getByRole('dialog', { name: 'Sponsor Neema Atieno' })).toBeVisible();
    // Opened plainly, /sponsor shows only the first four.
    await page.goto('/sponsor');
    await expect(page.locator('main .child-card:visible .child-card__name')).toHaveText(FIRST_FOUR);
    await context.close();
  });

  test('links to /sponsor and /contact and has no axe violations', async ({ page }) => {
    await open(page);
    await expect(page.locator('main a[href="/sponsor"]').first()).toBeVisible();
    await expect(page.locator('main a[href="/contact"]').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test('text typed in the search before the page is live survives hydration and filters', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/children', { waitUntil: 'commit' });
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('kibera');
  await expect(page.locator('astro-island[ssr]:has(.children-explorer)')).toBeAttached();
  release();
  await expect(page.locator('astro-island:has(.children-explorer)')).not.toHaveAttribute('ssr', /.*/, {
    timeout: HYDRATION_TIMEOUT,
  });
  await expect(search).toHaveValue('kibera');
  await expect(names(page)).toHaveText(['Amani Otieno', 'Zawadi Njeri']);
  await expect(page).toHaveURL(/[?&]q=kibera(&|$)/);
});

test('the Children tab of /samu marks the four children Home and /sponsor show', async ({ page, request }) => {
  await signIn(page, request);
  const panel = await openTab(page, 'Children');
  const marked = panel.getByRole('row').filter({ hasText: 'Shown on home and /sponsor' });
  await expect(marked).toHaveCount(FIRST_FOUR.length);
  for (const name of FIRST_FOUR) await expect(marked.filter({ hasText: name })).toHaveCount(1);
  await expect(panel.getByRole('row').filter({ hasText: 'Kibet Cheruiyot' })).not.toContainText('Shown on home');
});
