import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the list of WCAG 2.1 A/AA violations (and axe best practices) axe finds on the page. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // With reduced motion every scroll-revealed section shows at once at its final colours, so axe checks the whole
  // page as it ends up rather than sections caught mid-fade (or not yet revealed).
  await page.emulateMedia({ reducedMotion: 'reduce' });
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  await page.emulateMedia({ reducedMotion: null });
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
  }));
  expect(summary, 'axe violations').toEqual([]);
}
