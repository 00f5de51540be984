import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails with the list of WCAG 2.1 A/AA violations (and axe best practices) axe finds on the page. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  // With reduced motion every scroll-revealed section shows at once at its final colours, so axe checks the whole
  // page as it ends up rather than sections caught mid-fade (or not yet revealed). A transition that had already
  // started (a section fading in as the page loaded, the navigation turning solid) runs on under reduced motion, so
  // axe also waits for the running transitions and animations that end.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Legacy mode runs axe once, in the page. The default mode runs it per frame and then again in a new blank page to
  // merge the frames' results: twice the browser time (0.6 s more a call), for cross-origin frames the site has none of.
  // Only violations are reported in full: axe then skips building a selector and an HTML excerpt for each of the
  // 500-700 elements that pass, a third of a check's time (same rules run, same violations found).
  let builder = new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true);
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
