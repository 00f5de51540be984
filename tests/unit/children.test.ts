import { describe, expect, test } from 'vitest';
import { formatKes, kesToUsd, storyTeaser } from '../../src/lib/children.ts';

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
