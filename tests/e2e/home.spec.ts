import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { waitForHydration } from '../../support/browser/hydration.ts';

const slideTitles = [
  'Every Child Deserves a Classroom',
  'Sponsor a Child, Share a Future',
  'Healthy Children Learn Better',
  'Stronger Together in Our Communities',
  'Lend Your Hands and Heart',
] as const;
const visibleSlideTitle = (page: import('@playwright/test').Page) =>
  page.locator('.hero-carousel__slide:not([hidden])').getByRole('heading').first();

test.describe('Home', () => {
  test('pre-renders the first slide so it shows before any JavaScript runs', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).toContain(slideTitles[0]);
    expect(html).toMatch(/<h1[^>]*>Every Child Deserves a Classroom<\/h1>/);
  });

  test('carousel advances every 5 seconds and wraps both ways', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Stories from our children' });
    await expect(carousel.getByRole('button', { name: /^Slide \d/ })).toHaveCount(5);
    // Hydration is idle-time; wait for it before driving the clock, and for the rotation to start (React hydrates
    // after Astro drops `ssr`; a rotating carousel stops announcing each slide).
    await waitForHydration(page, carousel);
    await expect(carousel.locator('.hero-carousel__slides')).toHaveAttribute('aria-live', 'off');
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[0]);
    await page.clock.runFor(5_100);
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[1]);

    await page.mouse.move(5, 5);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[0]);
    await carousel.getByRole('button', { name: 'Previous slide' }).click();
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[4]);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[0]);
    await carousel.getByRole('button', { name: `Slide 3: ${slideTitles[2]}` }).click();
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[2]);
  });

  test('carousel pauses while hovered and when paused', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Stories from our children' });
    await waitForHydration(page, carousel);
    await expect(carousel.locator('.hero-carousel__slides')).toHaveAttribute('aria-live', 'off');
    await carousel.hover();
    await page.clock.runFor(11_000);
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[0]);

    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    await page.mouse.move(5, 900);
    await page.locator('body').click({ position: { x: 5, y: 900 } });
    await page.clock.runFor(11_000);
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[0]);
  });

  test('carousel does not move on its own for visitors who prefer reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Stories from our children' });
    await waitForHydration(page, carousel);
    await page.clock.runFor(11_000);
    await expect(visibleSlideTitle(page)).toHaveText(slideTitles[0]);
  });

  test('hero buttons lead to volunteering and to the tagged donation page in a new tab', async ({ page }) => {
    await page.goto('/');
    const slide = page.locator('.hero-carousel__slide:not([hidden])');
    await expect(slide.getByRole('link', { name: 'Join Us Today' })).toHaveAttribute('href', '/volunteer');
    const donate = slide.getByRole('link', { name: /Donate Now/ });
    await expect(donate).toHaveAttribute('target', '_blank');
    await expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
    const url = new URL((await donate.getAttribute('href'))!);
    expect(url.searchParams.get('source')).toBe('hero-section');
    expect(url.searchParams.get('campaign')).toBe('donate-now');
  });

  test('shows every section of the spec', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { name: 'Become A Volunteer', exact: true })).toBeVisible();
    await expect(main.getByRole('heading', { name: 'Support Our Cause', exact: true })).toBeAttached();
    for (const project of ['Make a Donation', 'Sponsor a Child', 'Become a Volunteer']) {
      await expect(main.getByRole('heading', { name: project, exact: true })).toBeAttached();
    }
    const children = main.locator('section', { has: page.getByRole('heading', { name: /waiting for a sponsor/ }) });
    await expect(children.locator('article')).toHaveCount(2);
    await expect(children.getByRole('link', { name: 'View All Children' })).toHaveAttribute('href', '/children');
    await expect(children.getByRole('link', { name: 'Amani Otieno' })).toHaveAttribute(
      'href',
      '/sponsor?child=amani#child-amani',
    );
    await expect(main.locator('.help-item')).toHaveCount(4);
    await expect(main.getByRole('link', { name: 'Event details' })).toHaveAttribute('href', '/programs#featured-event');
    await expect(main.locator('.stats-band li')).toHaveText([/15\+\s*Campaigns/, /50\+\s*Volunteers/, /8K\+/, /87\+/]);
    await expect(main.getByRole('link', { name: /Read the story/ })).toHaveAttribute('href', /^\/blog\/[a-z0-9-]+$/);
  });

  test('sections fade in the first time they scroll into view and stay', async ({ page }) => {
    await page.goto('/');
    const stats = page.locator('.stats-band');
    await expect(stats).not.toHaveClass(/is-revealed/);
    await stats.scrollIntoViewIfNeeded();
    await expect(stats).toHaveClass(/is-revealed/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(stats).toHaveClass(/is-revealed/);
  });

  test('has no accessibility violations', async ({ page }) => {
    await page.goto('/');
    await expectNoAxeViolations(page);
  });
});

test.describe('Home without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('shows every section and the first slide', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(slideTitles[0]);
    await expect(page.locator('.stats-band')).toBeVisible();
    await expect(page.locator('.stats-band')).toHaveCSS('opacity', '1');
  });
});
