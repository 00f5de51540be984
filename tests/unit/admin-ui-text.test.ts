import { describe, expect, test } from 'vitest';
import { filterRows } from '../../src/admin/lib/filter.ts';
import { detailEntries, detailsText, humanizeKey, valueText } from '../../src/admin/lib/details.ts';
import { filenameFromDisposition, formatAmount, isImageUrl, safeHref } from '../../src/admin/lib/format.ts';

describe('filterRows', () => {
  const rows = [
    { name: 'Zoë Wanjiru', email: 'zoe@example.org' },
    { name: 'Peter Otieno', email: 'peter@example.org' },
  ];
  const text = (row: { name: string; email: string }) => `${row.name} ${row.email}`;

  test('keeps every row for a blank query', () => {
    expect(filterRows(rows, '   ', text)).toHaveLength(2);
  });

  test('matches case- and accent-insensitively', () => {
    expect(filterRows(rows, 'ZOE', text).map((row) => row.name)).toEqual(['Zoë Wanjiru']);
  });

  test('needs every word of the query to match', () => {
    expect(filterRows(rows, 'peter example', text)).toHaveLength(1);
    expect(filterRows(rows, 'peter zoe', text)).toHaveLength(0);
  });
});

describe('details', () => {
  test('turns keys into labels', () => {
    expect(humanizeKey('yearOfStudy')).toBe('Year of study');
    expect(humanizeKey('donor_name')).toBe('Donor');
    expect(humanizeKey('preferred_school')).toBe('Preferred school');
    expect(humanizeKey('motivation')).toBe('Motivation');
  });

  test('writes values readably', () => {
    expect(valueText(['Mathematics', 'English'])).toBe('Mathematics, English');
    expect(valueText(true)).toBe('Yes');
    expect(valueText({ city: 'Nairobi', zip: null })).toBe('City: Nairobi');
  });

  test('lists the non-empty fields of a volunteer application as labelled values, leaving out the form name', () => {
    const details = {
      form: 'internship_application',
      phone: '+254700',
      university: 'UoN',
      references: '',
      skills: ['First aid'],
    };
    expect(detailEntries(details, ['form'])).toEqual([
      { key: 'phone', label: 'Phone', value: '+254700' },
      { key: 'university', label: 'University', value: 'UoN' },
      { key: 'skills', label: 'Skills', value: 'First aid' },
    ]);
    expect(detailsText(details, ['form'])).toBe('Phone: +254700; University: UoN; Skills: First aid');
  });

  test('shows a non-object payload as a single value', () => {
    expect(detailEntries('hello')).toEqual([{ key: 'value', label: 'Value', value: 'hello' }]);
    expect(detailEntries(null)).toEqual([]);
  });
});

describe('format', () => {
  test('shows amounts with their currency', () => {
    expect(formatAmount(50, 'USD')).toBe('$50.00');
    expect(formatAmount(1500, 'kes')).toMatch(/KES\s?1,500\.00/);
    expect(formatAmount(25, null)).toBe('25');
    expect(formatAmount(null, 'USD')).toBe('');
  });

  test('reads the file name of a download', () => {
    expect(filenameFromDisposition('attachment; filename="backup-20250101T120000Z.json"')).toBe(
      'backup-20250101T120000Z.json',
    );
    expect(filenameFromDisposition('attachment; filename=plain.json')).toBe('plain.json');
    expect(filenameFromDisposition('attachment; filename="x.json"; filename*=UTF-8\'\'b%C3%A4ckup.json')).toBe(
      'bäckup.json',
    );
    expect(filenameFromDisposition(null)).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
  });

  test('links only site paths and http(s) addresses', () => {
    expect(safeHref('/media/1/a.png')).toBe('/media/1/a.png');
    expect(safeHref('https://example.org/a.png')).toBe('https://example.org/a.png');
    expect(safeHref('javascript:alert(1)')).toBeNull();
    expect(safeHref('//evil.example/a.png')).toBeNull();
    expect(safeHref(42)).toBeNull();
  });

  test('recognises image URLs by extension', () => {
    expect(isImageUrl('/media/1/photo.JPG')).toBe(true);
    expect(isImageUrl('/media/2/brochure.pdf')).toBe(false);
  });
});
