/**
 * The figures a treasurer signs, on both databases: totals by the day the money was received (Nairobi's calendar)
 * for a month, quarter, year or range; breakdowns by cause, by the method a gift was paid by and by kind; KES and USD
 * at the rate staff set (audited, stated with who set it and when); the month-end CSV that lists what the totals add
 * up, with received and entered dates and printed receipt numbers; and the PDF summary's text.
 */
import { beforeEach, describe, expect, test } from 'vitest';
import adminGifts from '../../netlify/functions/admin-gifts.ts';
import { query } from '../../netlify/functions/_shared/platform/db.ts';
import { toCsv } from '../../src/lib/csv.ts';
import { resolvePeriod } from '../../src/lib/periods.ts';
import { GIFT_CSV } from '../../src/admin/giftColumns.tsx';
import { RateSavedAnswer, type PeriodFigures } from '../../src/schemas/gifts.ts';
import { call, staffToken, useJwtSecret } from '../support/admin.ts';
import { databases, rows, truncate, useDatabase } from '../support/databases.ts';
import { usePayments } from '../support/payments.ts';
import { pdfText } from '../support/pdf-text.ts';

describe('periods of the totals', () => {
  test('a month, quarter, year and range resolve to their first and last days, with the words reports print', () => {
    expect(resolvePeriod({ period: 'month', month: '2026-02' }, '2026-11-27')).toEqual({
      kind: 'month',
      from: '2026-02-01',
      to: '2026-02-28',
      label: 'February 2026',
      slug: '2026-02',
    });
    expect(resolvePeriod({ period: 'month' }, '2026-11-27')).toMatchObject({ from: '2026-11-01', to: '2026-11-30' });
    expect(resolvePeriod({ period: 'quarter' }, '2026-11-27')).toMatchObject({
      from: '2026-10-01',
      to: '2026-12-31',
      label: 'Q4 2026 (October to December)',
    });
    expect(resolvePeriod({ period: 'year', year: 2025 }, '2026-11-27')).toMatchObject({
      from: '2025-01-01',
      to: '2025-12-31',
      label: '2025',
    });
    expect(resolvePeriod({ period: 'range', from: '2026-10-03', to: '2026-11-15' }, '2026-11-27')).toMatchObject({
      label: '3 October 2026 to 15 November 2026',
      slug: '2026-10-03_2026-11-15',
    });
  });
});

describe('the dashboard CSV of the gifts list', () => {
  test('has the received date, the entered date and the receipt number as the receipt prints it', () => {
    const csv = toCsv(GIFT_CSV, [
      {
        id: '7',
        ts: '2026-11-27T07:00:00.000Z',
        confirmed_at: '2026-10-30T09:00:00.000Z',
        state: 'confirmed',
        receipt_no: 7,
        amount_subunits: 250000,
        refunded_subunits: 0,
        currency: 'KES',
        method: 'cash',
        kind: 'donation',
        cause: 'water',
      },
    ]);
    const [header, line] = csv.trim().split('\r\n');
    const cells = Object.fromEntries(header!.split(',').map((name, i) => [name, line!.split(',')[i]]));
    expect(cells).toMatchObject({
      'Received (Nairobi)': '2026-10-30',
      'Entered (Nairobi)': '2026-11-27 10:00',
      Receipt: 'R-000007',
      Method: 'Cash',
    });
  });
});

describe.each(databases)('gift figures on $name', (database) => {
  useDatabase(database);
  useJwtSecret();
  usePayments(database, { paybill: '600100', pathSecret: 'c2b-path-secret-0123456789abcdef' });
  beforeEach(() => truncate(database, ['exchange_rates']));

  /** Records a gift as staff do; `entered` backdates when it was typed in (the row's ts). */
  async function recordGift(json: Record<string, unknown>, entered?: string): Promise<string> {
    const res = await call(adminGifts, 'POST', '/api/admin/gifts', { token: await staffToken('wanjiru'), json });
    expect(res.status, await res.clone().text()).toBe(201);
    const { gift } = (await res.json()) as { gift: { id: string } };
    if (entered) await query('update gifts set ts = $2 where id = $1', [gift.id, entered]);
    return gift.id;
  }

  async function figures(search: string): Promise<PeriodFigures> {
    const res = await call(adminGifts, 'GET', `/api/admin/gifts/summary?${search}`, { token: await staffToken() });
    expect(res.status, await res.clone().text()).toBe(200);
    return ((await res.json()) as { figures: PeriodFigures }).figures;
  }

  async function setRate(kesPerUsd: unknown, username = 'amina'): Promise<Response> {
    return call(adminGifts, 'POST', '/api/admin/gifts/rate', {
      token: await staffToken(username),
      json: { kesPerUsd },
    });
  }

  test('a cash gift received 30 October and entered 27 November counts in October, not November', async () => {
    await recordGift(
      { amount: 2500, currency: 'KES', method: 'cash', cause: 'water', receivedAt: '2026-10-30' },
      '2026-11-27T10:00:00+03:00',
    );
    // Received at half past midnight on 1 November in Nairobi: still 31 October by the clock of UTC.
    const november = await recordGift({ amount: 40, currency: 'USD', method: 'bank_transfer' });
    await query('update gifts set confirmed_at = $2 where id = $1', [november, '2026-10-31T21:30:00Z']);

    const october = await figures('period=month&month=2026-10');
    expect(october.period).toMatchObject({ from: '2026-10-01', to: '2026-10-31', label: 'October 2026' });
    expect(october.byCurrency).toEqual([{ key: 'KES', currency: 'KES', total: 250000, count: 1 }]);
    expect(october.byMethod).toEqual([{ key: 'cash', currency: 'KES', total: 250000, count: 1 }]);
    expect((await figures('period=month&month=2026-11')).byMethod).toEqual([
      { key: 'bank_transfer', currency: 'USD', total: 4000, count: 1 },
    ]);
    expect((await figures('period=quarter&quarter=4&year=2026')).byCurrency).toHaveLength(2);
    expect((await figures('period=year&year=2026')).byCurrency).toHaveLength(2);
    expect((await figures('period=range&from=2026-10-30&to=2026-10-31')).byCause).toEqual([
      { key: 'water', currency: 'KES', total: 250000, count: 1 },
    ]);
  });

  test('a card sponsorship counts under Card by method and under Sponsorship by kind, never as a method', async () => {
    await recordGift({ amount: 50, currency: 'USD', method: 'card', childId: 'amani', receivedAt: '2026-10-05' });
    await recordGift({ amount: 20, currency: 'USD', method: 'card', cause: 'education', receivedAt: '2026-10-06' });
    await recordGift({ amount: 1000, currency: 'KES', method: 'cash', receivedAt: '2026-10-07' });
    const october = await figures('period=month&month=2026-10');
    expect(october.byMethod).toEqual([
      { key: 'card', currency: 'USD', total: 7000, count: 2 },
      { key: 'cash', currency: 'KES', total: 100000, count: 1 },
    ]);
    expect(october.byKind).toEqual([
      { key: 'donation', currency: 'KES', total: 100000, count: 1 },
      { key: 'donation', currency: 'USD', total: 2000, count: 1 },
      { key: 'sponsorship', currency: 'USD', total: 5000, count: 1 },
    ]);
    expect(october.byCause.map((row) => row.key)).toEqual(['education', 'general', 'sponsorship']);
  });

  test('totals are in KES and USD at the rate staff set, stated with who set it and when; the setting is audited', async () => {
    await recordGift({ amount: 2500, currency: 'KES', method: 'cash', receivedAt: '2026-10-30' });
    await recordGift({ amount: 50, currency: 'USD', method: 'card', receivedAt: '2026-10-30' });
    expect((await figures('period=month&month=2026-10')).converted).toBeNull();
    for (const bad of [0, -5, 'abc', '1e3', 129.555]) expect((await setRate(bad)).status, String(bad)).toBe(400);

    const saved = await setRate('129.50');
    expect(saved.status).toBe(201);
    // The answer the dashboard reads back: the rate as saved, with who set it.
    expect(RateSavedAnswer.parse(await saved.json()).rate).toMatchObject({ kesPerUsd: 129.5, setBy: 'amina' });
    const october = await figures('period=month&month=2026-10');
    expect(october.rate).toMatchObject({ kesPerUsd: 129.5, setBy: 'amina' });
    // KES 2,500 + $50 × 129.50 = KES 8,975.00; $50 + KES 2,500 / 129.50 = $69.31.
    expect(october.converted).toEqual({ KES: 897500, USD: 6931 });
    expect(
      await rows(
        database,
        "select payload->>'actor' as actor, payload->>'kesPerUsd' as rate from events where type = 'admin.gifts.rate'",
      ),
    ).toEqual([{ actor: 'amina', rate: '129.5' }]);

    // A closed period keeps the rate in force at its end when a later one is set.
    await query(`update exchange_rates set set_at = '2026-10-15T09:00:00+03:00'`);
    expect((await setRate(131, 'otieno')).status).toBe(201);
    expect((await figures('period=month&month=2026-10')).rate).toMatchObject({ kesPerUsd: 129.5, setBy: 'amina' });
    expect((await figures('period=month&month=2099-01')).rate).toMatchObject({ kesPerUsd: 131, setBy: 'otieno' });
  });

  test('the month-end CSV lists the gifts the totals add up, with received and entered dates and printed receipts', async () => {
    await recordGift(
      { amount: 2500, currency: 'KES', method: 'cash', cause: 'water', donorName: 'Mary', receivedAt: '2026-10-30' },
      '2026-11-27T10:00:00+03:00',
    );
    await recordGift({ amount: 999, currency: 'KES', method: 'cash', receivedAt: '2026-11-02' });
    const res = await call(adminGifts, 'GET', '/api/admin/gifts/month-end.csv?period=month&month=2026-10', {
      token: await staffToken(),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gifts-2026-10.csv"');
    const [header, ...lines] = (await res.text()).trim().split('\r\n');
    expect(lines).toHaveLength(1);
    const names = header!.split(',');
    const cells = Object.fromEntries(names.map((name, i) => [name, lines[0]!.split(',')[i]]));
    expect(cells).toMatchObject({
      Receipt: 'R-000001',
      'Received (Nairobi)': '2026-10-30',
      'Entered (Nairobi)': '2026-11-27 10:00',
      Donor: 'Mary',
      Kind: 'Donation',
      Method: 'Cash',
      Currency: 'KES',
      Kept: '2500',
    });
  });

  test('the PDF summary states the period, the totals and the rate', async () => {
    await recordGift({ amount: 2500, currency: 'KES', method: 'cash', receivedAt: '2026-10-30' });
    await recordGift({ amount: 50, currency: 'USD', method: 'card', childId: 'amani', receivedAt: '2026-10-12' });
    expect((await setRate('129.50')).status).toBe(201);
    const res = await call(adminGifts, 'GET', '/api/admin/gifts/month-end.pdf?period=month&month=2026-10', {
      token: await staffToken('amina'),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="gift-totals-2026-10.pdf"');
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('Gifts received, October 2026');
    expect(text).toContain('1 October 2026 to 31 October 2026');
    expect(text).toContain('KES 2,500.00 + $50.00');
    expect(text).toMatch(/KES 8,975\.00 or \$69\.31, at KES 129\.50 = USD 1, set by amina on \d{1,2} \w{3} \d{4}/);
    expect(text).toContain('Card: 1 gift, $50.00');
    expect(text).toContain('Cash: 1 gift, KES 2,500.00');
    expect(text).toContain('Sponsorship: 1 gift, $50.00');
  });

  test('a period that cannot be read is a 400, and the downloads need a staff member', async () => {
    const token = await staffToken();
    for (const search of [
      'period=month&month=2026-13',
      'period=range&from=2026-10-01',
      'period=range&from=2026-10-02&to=2026-10-01',
      'period=week',
    ]) {
      expect((await call(adminGifts, 'GET', `/api/admin/gifts/summary?${search}`, { token })).status, search).toBe(400);
      expect((await call(adminGifts, 'GET', `/api/admin/gifts/month-end.csv?${search}`, { token })).status).toBe(400);
    }
    expect((await call(adminGifts, 'GET', '/api/admin/gifts/month-end.pdf')).status).toBe(401);
    expect((await call(adminGifts, 'GET', '/api/admin/gifts/month-end.csv')).status).toBe(401);
    expect((await call(adminGifts, 'POST', '/api/admin/gifts/rate', { json: { kesPerUsd: 130 } })).status).toBe(401);
  });
});
