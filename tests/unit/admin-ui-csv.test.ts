import { describe, expect, test } from 'vitest';
import { csvCell, toCsv } from '../../src/admin/lib/csv.ts';

describe('csvCell', () => {
  test('leaves plain text alone', () => {
    expect(csvCell('Jane Doe')).toBe('Jane Doe');
  });

  test('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Nairobi, Kenya')).toBe('"Nairobi, Kenya"');
    expect(csvCell('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('a\r\nb')).toBe('"a\r\nb"');
  });

  test('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('+254700000000')).toBe("'+254700000000");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
  });

  test('keeps numbers as numbers, negative ones too', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(50.5)).toBe('50.5');
    expect(csvCell(true)).toBe('true');
  });

  test('writes empty cells for null and undefined and JSON for objects', () => {
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});

describe('toCsv', () => {
  test('writes a header row and one row per record with CRLF line ends', () => {
    const csv = toCsv(
      [
        { header: 'Name', value: (row: { name: string; amount: number }) => row.name },
        { header: 'Amount', value: (row: { name: string; amount: number }) => row.amount },
      ],
      [
        { name: 'Wanjiru, M.', amount: 25 },
        { name: '=1+1', amount: 100 },
      ],
    );
    expect(csv).toBe('Name,Amount\r\n"Wanjiru, M.",25\r\n\'=1+1,100\r\n');
  });

  test('writes only the header for no rows', () => {
    expect(toCsv([{ header: 'Email', value: () => '' }], [])).toBe('Email\r\n');
  });
});
