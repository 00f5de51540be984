import { describe, expect, test } from 'vitest';
import {
  formatNairobiDate,
  formatNairobiTime,
  isOfficeOpen,
  nairobiClock,
  type OfficeHoursRule,
} from '../../src/lib/office-hours.ts';

/** The office hours, as site.json holds them. */
const HOURS: OfficeHoursRule[] = [
  { days: [1, 2, 3, 4, 5], open: '08:00', close: '18:00' },
  { days: [6] },
  { days: [0], open: '09:00', close: '14:00' },
];

/** An instant given as Nairobi wall-clock time (UTC+3 all year). */
const nairobi = (local: string) => new Date(`${local}+03:00`);

describe('nairobiClock', () => {
  test('reads the weekday and time in Nairobi whatever the machine time zone', () => {
    // 2025-10-12 is a Sunday; 23:30 UTC on Saturday is already Sunday 02:30 in Nairobi.
    expect(nairobiClock(new Date('2025-10-11T23:30:00Z'))).toEqual({ weekday: 0, hour: 2, minute: 30, second: 0 });
    expect(nairobiClock(nairobi('2025-10-13T00:00:05'))).toEqual({ weekday: 1, hour: 0, minute: 0, second: 5 });
  });
});

describe('isOfficeOpen', () => {
  test.each([
    ['Monday 7:59 AM', '2025-10-13T07:59:00', false],
    ['Monday 8:00 AM', '2025-10-13T08:00:00', true],
    ['Wednesday noon', '2025-10-15T12:00:00', true],
    ['Friday 5:59 PM', '2025-10-17T17:59:00', true],
    ['Friday 6:00 PM', '2025-10-17T18:00:00', false],
    ['Saturday 10:00 AM', '2025-10-18T10:00:00', false],
    ['Sunday 8:59 AM', '2025-10-19T08:59:00', false],
    ['Sunday 9:00 AM', '2025-10-19T09:00:00', true],
    ['Sunday 1:59 PM', '2025-10-19T13:59:00', true],
    ['Sunday 2:00 PM', '2025-10-19T14:00:00', false],
    ['Tuesday 11 PM', '2025-10-14T23:00:00', false],
  ])('is %s open: %s', (_label, local, open) => {
    expect(isOfficeOpen(nairobi(local), HOURS)).toBe(open);
  });

  test('uses Nairobi time, not UTC: 06:30 UTC on a Saturday is closed, 05:30 UTC on a Monday is open', () => {
    expect(isOfficeOpen(new Date('2025-10-18T06:30:00Z'), HOURS)).toBe(false);
    expect(isOfficeOpen(new Date('2025-10-13T05:30:00Z'), HOURS)).toBe(true);
  });

  test('is closed on a day without a rule', () => {
    expect(isOfficeOpen(nairobi('2025-10-13T10:00:00'), [{ days: [0], open: '09:00', close: '14:00' }])).toBe(false);
  });
});

describe('formatting', () => {
  test('shows the Nairobi time with seconds and the Nairobi date', () => {
    const instant = new Date('2025-10-19T06:05:07Z');
    expect(formatNairobiTime(instant)).toBe('9:05:07 AM');
    expect(formatNairobiDate(instant)).toBe('Sunday, 19 October 2025');
  });
});
