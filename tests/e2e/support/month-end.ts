/** The Gifts tab's month-end figures in browser tests: October's date, the period chooser, and the CSV read back. */
import { expect, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '../../../src/lib/money.ts';
import { openTab } from './dashboard.ts';

/** 30 October of the most recent year in which it is already past (Nairobi's calendar). */
export function lastThirtiethOfOctober(): { day: string; month: string; label: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const year = Number(today.slice(0, 4)) - (today.slice(5) <= '10-30' ? 1 : 0);
  return { day: `${year}-10-30`, month: `${year}-10`, label: `October ${year}` };
}

/** The cells of an RFC 4180 CSV, row by row. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  return rows;
}

/** Sums of the CSV's "Kept" per key and currency, each key's sums as the totals print them (KES before USD). */
export function totalsByKey(records: readonly Record<string, string>[], key: string): Map<string, string> {
  const sums = new Map<string, Map<string, number>>();
  for (const record of records) {
    const byCurrency = sums.get(record[key]!) ?? new Map<string, number>();
    const cents = Math.round(Number(record['Kept']) * 100);
    byCurrency.set(record['Currency']!, (byCurrency.get(record['Currency']!) ?? 0) + cents);
    sums.set(record[key]!, byCurrency);
  }
  return new Map(
    [...sums].map(([name, byCurrency]) => [
      name,
      [...byCurrency]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, cents]) => formatMoney(cents, currency))
        .join(' + '),
    ]),
  );
}

/** The period chooser of the Gifts tab, its fold opened. */
export async function chooser(page: Page): Promise<Locator> {
  const panel = await openTab(page, 'Gifts');
  const form = panel.getByRole('form', { name: 'Period of the totals' });
  // Folded on a phone so the list is on the first screen: staff open it.
  if (!(await form.isVisible())) {
    await panel.getByText('Totals, monthly gifts and sponsorships', { exact: true }).click();
  }
  await expect(form).toBeVisible();
  return form;
}

export async function chooseMonth(form: Locator, month: string): Promise<void> {
  await form.getByLabel('Period').selectOption('month');
  await form.getByLabel('Month').fill(month);
  await form.getByRole('button', { name: 'Show totals' }).click();
}
