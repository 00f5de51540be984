import { describe, expect, test } from 'vitest';
import { screenLetter, surnamesOf, unconfirmed } from '../../src/lib/letter-screening.ts';

const kinds = (text: string, surnames: string[] = []) =>
  screenLetter(text, surnames).map((finding) => [finding.kind, finding.text]);

describe('screening a sponsor letter for contact details', () => {
  test.each([
    ['Call me on 0711 222 333 any time', [['phone', '0711 222 333']]],
    ['My number is +254-711-222-333.', [['phone', '+254-711-222-333']]],
    ['UK: 07700 900123', [['phone', '07700 900123']]],
    ['Write to peter.hall@example.org please', [['email', 'peter.hall@example.org']]],
    ['peter (at) example (dot) org', [['email', 'peter (at) example (dot) org']]],
    [
      'See https://example.org/photos and www.peterhall.me',
      [
        ['url', 'https://example.org/photos'],
        ['url', 'www.peterhall.me'],
      ],
    ],
    ['My blog is peterhall.co.ke', [['url', 'peterhall.co.ke']]],
    [
      'Follow me @peter_hall on Instagram',
      [
        ['handle', '@peter_hall'],
        ['handle', 'Instagram'],
      ],
    ],
    ['We live at 14 Baker Street in London', [['address', '14 Baker Street']]],
    ['Send it to P.O. Box 1234', [['address', 'P.O. Box 1234']]],
  ])('finds what is in %j', (text, expected) => {
    expect(kinds(text)).toEqual(expected);
  });

  test('finds the surnames given, as whole words only', () => {
    expect(kinds('Greetings from the Hall family, Imani Wairimu!', ['Hall', 'Wairimu'])).toEqual([
      ['surname', 'Hall'],
      ['surname', 'Wairimu'],
    ]);
    expect(kinds('We walked down the hallway to the hall.', ['Hall'])).toEqual([['surname', 'hall']]);
  });

  test('leaves an ordinary letter alone: years, ages, amounts and first names', () => {
    expect(kinds('Dear Imani, in 2026 you turned 9 and I am 45. We ran 5 km. Love, Peter', ['Hall'])).toEqual([]);
  });

  test('surnames are every name but the first', () => {
    expect(surnamesOf('Peter James Hall', 'Imani Wairimu', 'Zawadi')).toEqual(['James', 'Hall', 'Wairimu']);
  });

  test('a finding staff confirmed no longer stops approval; the others do', () => {
    const findings = screenLetter('Call 0711 222 333 or visit the Hall', ['Hall']);
    expect(unconfirmed(findings, ['hall']).map((finding) => finding.text)).toEqual(['0711 222 333']);
  });
});
