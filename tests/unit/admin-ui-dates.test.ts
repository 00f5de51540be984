import { describe, expect, test } from 'vitest';
import { formatNairobi, nairobiDateStamp, nairobiSortable } from '../../src/admin/lib/dates.ts';

describe('formatNairobi', () => {
  test('shows a UTC time in Nairobi (UTC+3)', () => {
    expect(formatNairobi('2025-01-05T11:03:00Z')).toBe('5 Jan 2025, 14:03');
  });

  test('moves to the next day in Nairobi late in the UTC evening', () => {
    expect(formatNairobi('2025-10-18T22:30:00.000Z')).toBe('19 Oct 2025, 01:30');
  });

  test('reads timestamps with an offset', () => {
    expect(formatNairobi('2025-03-01T08:00:00+01:00')).toBe('1 Mar 2025, 10:00');
  });

  test('shows unreadable values as they came and nothing for missing ones', () => {
    expect(formatNairobi('yesterday')).toBe('yesterday');
    expect(formatNairobi(undefined)).toBe('');
    expect(formatNairobi(null)).toBe('');
  });
});

describe('nairobiSortable', () => {
  test('writes a sortable Nairobi time for spreadsheets', () => {
    expect(nairobiSortable('2025-12-31T21:05:00Z')).toBe('2026-01-01 00:05');
  });
});

describe('nairobiDateStamp', () => {
  test('gives the Nairobi date for file names', () => {
    expect(nairobiDateStamp(new Date('2025-06-30T22:00:00Z'))).toBe('2025-07-01');
  });
});
