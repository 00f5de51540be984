import { describe, expect, test } from 'vitest';
import { browserName } from '../../src/admin/lib/browser-name.ts';
import { timeAgo } from '../../src/admin/lib/dates.ts';

describe('browserName', () => {
  test.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iPhone',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
      'Chrome on iPhone',
    ],
    [
      'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
      'Safari on iPad',
    ],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
      'Chrome on Linux',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
      'Samsung Internet on Android',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
      'Opera on Windows',
    ],
    [
      'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on ChromeOS',
    ],
    ['Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox on Linux'],
  ])('names %s as %s', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });

  test('says "Unknown browser" for scripts and empty strings rather than guessing', () => {
    expect(browserName('curl/8.5.0')).toBe('Unknown browser');
    expect(browserName('Playwright/1.49.0 (x64; ubuntu 24.04) node/24.11')).toBe('Unknown browser');
    expect(browserName('')).toBe('Unknown browser');
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0')).toBe('Unknown browser on Linux');
  });
});

describe('timeAgo', () => {
  const now = new Date('2026-11-26T09:00:00Z');
  test.each([
    ['2026-11-26T08:59:30Z', 'just now'],
    ['2026-11-26T08:59:00Z', '1 minute ago'],
    ['2026-11-26T08:35:00Z', '25 minutes ago'],
    ['2026-11-26T07:59:00Z', '1 hour ago'],
    ['2026-11-25T20:00:00Z', '13 hours ago'],
    ['2026-11-25T08:00:00Z', 'yesterday'],
    ['2026-11-21T09:00:00Z', '5 days ago'],
  ])('says %s was %s', (value, words) => {
    expect(timeAgo(value, now)).toBe(words);
  });

  test('never says a time a clock skew put in the future is ahead, and shows unreadable values as they came', () => {
    expect(timeAgo('2026-11-26T09:02:00Z', now)).toBe('just now');
    expect(timeAgo('soon', now)).toBe('soon');
  });
});
