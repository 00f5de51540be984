/**
 * Figures an accountant can sign: staff record a cash gift received on 30 October (this year, or last year before
 * that day has come), choose October in the Gifts tab's period chooser, and its totals include the gift; the month-end
 * CSV of the same period lists every gift those totals add up, so the two agree. The chooser is usable on a phone.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { formatMoney } from '../../src/lib/money.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { openTab, signIn, toast } from './support/dashboard.ts';

/** 30 October of the most recent year in which it is already past (Nairobi's calendar). */
function lastThirtiethOfOctober(): { day: string; month: string; label: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const year = Number(today.slice(0, 4)) - (today.slice(5) <= '10-30' ? 1 : 0);
  return { day: `${year}-10-30`, month: `${year}-10`, label: `October ${year}` };
}

/** The cells of an RFC 4180 CSV, row by row. */
function parseCsv(text: string): string[][] {
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
function totalsByKey(records: readonly Record<string, string>[], key: string): Map<string, string> {
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
async function chooser(page: Page): Promise<Locator> {
  const panel = await openTab(page, 'Gifts');
  const form = panel.getByRole('form', { name: 'Period of the totals' });
  // Folded on a phone so the list is on the first screen: staff open it.
  if (!(await form.isVisible())) {
    await panel.getByText('Totals, monthly gifts and sponsorships', { exact: true }).click();
  }
  await expect(form).toBeVisible();
  return form;
}

async function chooseMonth(form: Locator, month: string): Promise<void> {
  await form.getByLabel('Period').selectOption('month');
  await form.getByLabel('Month').fill(month);
  await form.getByRole('button', { name: 'Show totals' }).click();
}

test('a cash gift received 30 October and entered today is in October’s totals, and the month-end CSV agrees with them', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const october = lastThirtiethOfOctober();
  const donor = `Month End Donor ${randomBytes(4).toString('hex')}`;
  await signIn(page, request);
  const form = await chooser(page);
  const panel = page.getByRole('tabpanel');

  const record = panel.getByRole('form', { name: 'Record a gift made another way' });
  await record.getByLabel('Amount').fill('2500');
  await record.getByLabel('Currency').selectOption('KES');
  await record.getByLabel('Method').selectOption('cash');
  await record.getByLabel('Received on').fill(october.day);
  await record.getByLabel("Donor's name (blank: anonymous)").fill(donor);
  await record.getByRole('button', { name: 'Record gift' }).click();
  await expect(toast(page)).toHaveText(/^Gift recorded, receipt R-\d{6}$/);
  const receipt = /R-\d{6}/.exec((await toast(page).textContent()) ?? '')![0];
  // The list shows when the money was received and when it was entered, and the receipt as printed.
  const row = panel.getByRole('row', { name: new RegExp(donor) });
  await expect(row).toContainText(receipt);
  await expect(row).toContainText(`30 Oct ${october.day.slice(0, 4)}`);

  const rate = panel.getByRole('form', { name: 'Exchange rate for the totals' });
  await rate.getByLabel('Shillings per US dollar').fill('129.50');
  await rate.getByRole('button', { name: 'Set rate' }).click();
  await expect(toast(page)).toHaveText(/^Rate set: KES 129\.50 = USD 1, set by /);

  await chooseMonth(form, october.month);
  const figures = panel.locator('.gift-figures');
  await expect(figures.getByRole('heading', { name: `Gifts received in ${october.label}` })).toBeVisible();
  const byMethod = figures.getByRole('table', { name: 'By method' });
  const cash = byMethod.getByRole('row', { name: /^Cash / });
  await expect(cash).toContainText('KES');
  await expect(figures.getByText(/ at KES [\d,.]+ = USD 1, set by /)).toBeVisible();
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await figures.getByRole('link', { name: `CSV of ${october.label}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`gifts-${october.month}.csv`);
  const [header, ...lines] = parseCsv(await readFile(await download.path(), 'utf8'));
  const records = lines.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i] ?? ''])));
  const ours = records.find((record) => record['Donor'] === donor);
  expect(ours).toMatchObject({
    Receipt: receipt,
    'Received (Nairobi)': october.day,
    Method: 'Cash',
    Currency: 'KES',
    Kept: '2500',
  });
  expect(ours!['Entered (Nairobi)']).not.toContain(october.day);

  // Every line of the totals is the sum of the CSV's rows.
  await expect(figures.locator('dt', { hasText: 'Confirmed gifts' }).locator('+ dd')).toHaveText(
    String(records.length),
  );
  for (const [method, total] of totalsByKey(records, 'Method')) {
    await expect(
      byMethod
        .getByRole('row', { name: new RegExp(`^${method} `) })
        .locator('td')
        .last(),
    ).toHaveText(total);
  }
  const byCurrency = [
    ...totalsByKey(
      records.map((record) => ({ ...record, all: 'all' })),
      'all',
    ).values(),
  ][0];
  await expect(figures.locator('dt', { hasText: 'Total in the currency received' }).locator('+ dd')).toHaveText(
    byCurrency!,
  );
});

test('at 360×740 the period chooser fits the screen and shows a chosen month’s totals', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const october = lastThirtiethOfOctober();
  await signIn(page, request);
  const form = await chooser(page);
  for (const control of [
    form.getByLabel('Period'),
    form.getByLabel('Month'),
    form.getByRole('button', { name: 'Show totals' }),
  ]) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await chooseMonth(form, october.month);
  const figures = page.getByRole('tabpanel').locator('.gift-figures');
  await expect(figures.getByRole('heading', { name: `Gifts received in ${october.label}` })).toBeVisible();
  await form.getByLabel('Period').selectOption('range');
  await expect(form.getByLabel('From')).toBeVisible();
  await expect(form.getByLabel('To', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(360);
});
