/**
 * /programs in Chromium against `npm start`: its featured event, event cards and the one details dialog, the
 * #featured-event anchor, and the netlify.toml fallbacks for /programs/*.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { touchIsland } from '../../support/browser/hydration.ts';
import { formatEventDate } from '../../src/components/programs/labels.ts';
import { classifyEvents, isPast, nairobiToday } from '../../src/lib/events.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { revealAll } from './support/reveal.ts';

/** The events of the content file: what the page shows is decided from them and today's date. */
const EVENTS = JSON.parse(readFileSync('src/content/events.json', 'utf8')) as {
  id: string;
  title: string;
  date: string;
  paymentLink?: { label: string; campaign: string };
}[];

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
    await touchIsland(page, page.locator('dialog.modal--wide'));
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
