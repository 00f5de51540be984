import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatKes, formatUsdRange, kesToUsd, monthlyUsdRange, storyTeaser } from '../../src/lib/children.ts';
import { SPONSORSHIP_TYPE_INFO, sponsorshipPrice } from '../../src/lib/sponsorship-types.ts';

describe('storyTeaser', () => {
  test('keeps a story of 60 characters or fewer as it is', () => {
    const story = 'x'.repeat(60);
    expect(storyTeaser(story)).toBe(story);
  });

  test('cuts a longer story at 60 characters with an ellipsis', () => {
    const story = `${'a'.repeat(60)}bcdef`;
    expect(storyTeaser(story)).toBe(`${'a'.repeat(60)}…`);
  });

  test('does not leave a space before the ellipsis', () => {
    expect(storyTeaser(`${'a'.repeat(59)} and more`)).toBe(`${'a'.repeat(59)}…`);
  });
});

describe('kesToUsd', () => {
  test('divides by 135 and rounds, across the spec range', () => {
    expect(kesToUsd(5400)).toBe(40);
    expect(kesToUsd(10125)).toBe(75);
    expect(kesToUsd(6750)).toBe(50);
    expect(kesToUsd(6817)).toBe(50);
    expect(kesToUsd(6818)).toBe(51);
  });
});

describe('formatKes', () => {
  test('groups thousands', () => {
    expect(formatKes(10125)).toBe('KES 10,125');
  });
});

describe('monthlyUsdRange', () => {
  /** The children of src/content/children.json: the one source of every sponsorship price. */
  const children = JSON.parse(readFileSync('src/content/children.json', 'utf8')) as { monthlyNeed: number }[];

  test("spans the children's monthly needs in dollars, so the full sponsorship range holds every child's figure", () => {
    const range = monthlyUsdRange(children.map((child) => child.monthlyNeed));
    for (const child of children) {
      expect(kesToUsd(child.monthlyNeed)).toBeGreaterThanOrEqual(range.min);
      expect(kesToUsd(child.monthlyNeed)).toBeLessThanOrEqual(range.max);
    }
    expect(range).toEqual({ min: 40, max: 75 });
  });

  test('refuses an empty list rather than printing an infinite range', () => {
    expect(() => monthlyUsdRange([])).toThrow();
  });
});

describe('sponsorshipPrice', () => {
  const full = SPONSORSHIP_TYPE_INFO.find((info) => info.id === 'full')!;
  const group = SPONSORSHIP_TYPE_INFO.find((info) => info.id === 'group')!;

  test("full sponsorship shows the children's range, or one child's need", () => {
    expect(sponsorshipPrice(full, { min: 40, max: 75 })).toBe('$40–$75 / month');
    expect(sponsorshipPrice(full, { min: 75, max: 75 })).toBe('$75 / month');
  });

  test('group sponsorship keeps its own per-person price', () => {
    expect(sponsorshipPrice(group, { min: 40, max: 75 })).toBe('$20–$25 / person / month');
  });

  test('formatUsdRange writes one figure when both ends agree', () => {
    expect(formatUsdRange({ min: 50, max: 50 })).toBe('$50');
  });
});
