import { describe, expect, test } from 'vitest';
import {
  INITIAL_READ_MINUTES,
  READ_TIME_REFRESH_MS,
  minutesSpent,
  nextReadMinutes,
  readTimeLabel,
} from '../../src/lib/read-time.ts';

describe('read time', () => {
  test('starts at 5 minutes and refreshes every 10 seconds', () => {
    expect(INITIAL_READ_MINUTES).toBe(5);
    expect(READ_TIME_REFRESH_MS).toBe(10_000);
    expect(readTimeLabel(INITIAL_READ_MINUTES)).toBe('5 min read');
  });

  test('rounds the time spent up to whole minutes', () => {
    expect(minutesSpent(0)).toBe(0);
    expect(minutesSpent(-5000)).toBe(0);
    expect(minutesSpent(1)).toBe(1);
    expect(minutesSpent(60_000)).toBe(1);
    expect(minutesSpent(60_001)).toBe(2);
    expect(minutesSpent(310_000)).toBe(6);
  });

  test('never goes below what is shown', () => {
    expect(nextReadMinutes(5, 10_000)).toBe(5);
    expect(nextReadMinutes(5, 300_000)).toBe(5);
    expect(nextReadMinutes(5, 300_001)).toBe(6);
    expect(nextReadMinutes(9, 120_000)).toBe(9);
    expect(nextReadMinutes(6, 700_000)).toBe(12);
  });
});
