/**
 * Figures an accountant can sign: staff record a cash gift received on 30 October (this year, or last year before
 * that day has come), choose October in the Gifts tab's period chooser, and its totals include the gift; the month-end
 * CSV of the same period lists every gift those totals add up, so the two agree. The chooser is usable on a phone.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.ts';
import { signIn, toast } from './support/dashboard.ts';
import { chooser, chooseMonth, lastThirtiethOfOctober, parseCsv, totalsByKey } from './support/month-end.ts';

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
