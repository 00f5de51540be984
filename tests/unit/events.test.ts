import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { classifyEvents, isPast, latestYearOfPast, nairobiToday } from '../../src/lib/events.ts';

/** The sample events of src/content/events.json (id and date are all the classification reads). */
const SAMPLE = JSON.parse(readFileSync('src/content/events.json', 'utf8')) as { id: string; date: string }[];

const ids = (events: readonly { id: string }[]) => events.map((event) => event.id);

describe('classifyEvents', () => {
  test('before every sample event: the soonest is featured, the rest upcoming soonest first, nothing past', () => {
    const { featured, upcoming, past } = classifyEvents(SAMPLE, '2026-01-01');
    expect(featured?.id).toBe('kirinyaga-medical-camp');
    expect(ids(upcoming)).toEqual([
      'embu-football-tournament',
      'mombasa-holiday-book-drive',
      'nairobi-back-to-school-day',
      'nakuru-uniform-drive',
    ]);
    expect(past).toEqual([]);
  });

  test('on the day the sample was refreshed (23 Nov 2026): the December drive is next, the 2026 events are past', () => {
    const { featured, upcoming, past } = classifyEvents(SAMPLE, '2026-11-23');
    expect(featured?.id).toBe('mombasa-holiday-book-drive');
    expect(featured?.date).toBe('2026-12-12');
    expect(ids(upcoming)).toEqual(['nairobi-back-to-school-day', 'nakuru-uniform-drive']);
    expect(ids(past)).toEqual(['embu-football-tournament', 'kirinyaga-medical-camp']);
  });

  test('an event on the build date itself is still featured; the day after it is past', () => {
    expect(classifyEvents(SAMPLE, '2026-12-12').featured?.id).toBe('mombasa-holiday-book-drive');
    const after = classifyEvents(SAMPLE, '2026-12-13');
    expect(after.featured?.id).toBe('nairobi-back-to-school-day');
    expect(ids(after.past)[0]).toBe('mombasa-holiday-book-drive');
  });

  test('after every sample event: nothing featured or upcoming, every event past, latest first', () => {
    const { featured, upcoming, past } = classifyEvents(SAMPLE, '2027-06-01');
    expect(featured).toBeUndefined();
    expect(upcoming).toEqual([]);
    expect(ids(past)).toEqual([
      'nakuru-uniform-drive',
      'nairobi-back-to-school-day',
      'mombasa-holiday-book-drive',
      'embu-football-tournament',
      'kirinyaga-medical-camp',
    ]);
  });

  test('ignores the order of the file', () => {
    const reversed = [...SAMPLE].reverse();
    expect(classifyEvents(reversed, '2026-11-23')).toEqual(classifyEvents(SAMPLE, '2026-11-23'));
  });
});

describe('isPast', () => {
  test('is true only for days before today', () => {
    expect(isPast('2026-11-22', '2026-11-23')).toBe(true);
    expect(isPast('2026-11-23', '2026-11-23')).toBe(false);
    expect(isPast('2026-11-24', '2026-11-23')).toBe(false);
  });
});

describe('latestYearOfPast', () => {
  test('gives the build year and its past events, latest first', () => {
    expect(latestYearOfPast(SAMPLE, '2026-11-23')).toEqual({
      year: '2026',
      events: [
        SAMPLE.find((e) => e.id === 'embu-football-tournament'),
        SAMPLE.find((e) => e.id === 'kirinyaga-medical-camp'),
      ],
    });
  });

  test('names an earlier year when the build year has no past event yet', () => {
    const latest = latestYearOfPast(SAMPLE, '2027-01-05');
    expect(latest?.year).toBe('2026');
    expect(latest && ids(latest.events)).toEqual([
      'mombasa-holiday-book-drive',
      'embu-football-tournament',
      'kirinyaga-medical-camp',
    ]);
  });

  test('is undefined before any event', () => {
    expect(latestYearOfPast(SAMPLE, '2020-01-01')).toBeUndefined();
  });
});

describe('nairobiToday', () => {
  test("is Nairobi's date (UTC+3), not the server's", () => {
    expect(nairobiToday(new Date('2026-11-22T20:59:59Z'))).toBe('2026-11-22');
    expect(nairobiToday(new Date('2026-11-22T21:00:00Z'))).toBe('2026-11-23');
  });
});
