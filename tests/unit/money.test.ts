/**
 * The money rules of src/lib/money.ts that the checkout schema, the checkout and the M-Pesa confirmation share:
 * amounts read strictly, and the smallest gift per currency and on the Paybill, configurable on the server.
 */
import { describe, expect, test } from 'vitest';
import { DEFAULT_GIFT_MINIMUMS, giftMinimums, minimumSubunits, parseGiftAmount } from '../../src/lib/money.ts';

describe('parseGiftAmount', () => {
  test('reads plain decimals with at most two places, as text or as a number', () => {
    expect(parseGiftAmount('50')).toBe(50);
    expect(parseGiftAmount(' 12.5 ')).toBe(12.5);
    expect(parseGiftAmount('2700.00')).toBe(2700);
    expect(parseGiftAmount('0.29')).toBe(0.29);
    expect(parseGiftAmount(0.29)).toBe(0.29);
    expect(parseGiftAmount(1e3)).toBe(1000);
    expect(parseGiftAmount('0')).toBe(0);
  });

  test('refuses hex, exponents, signs, three decimals, separators and everything that is not an amount', () => {
    for (const value of ['0x10', '1e3', '+5', '-5', '5.005', '0.001', '5.', '.5', '1,000', '10 000', '', ' ', 'NaN']) {
      expect(parseGiftAmount(value), value).toBeUndefined();
    }
    for (const value of [5.005, 0.001, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e13, null, undefined, true, {}]) {
      expect(parseGiftAmount(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe('giftMinimums', () => {
  test("defaults to the donate form's $5, the same in shillings, and KES 100 on the Paybill", () => {
    expect(giftMinimums()).toEqual({ USD: 5, KES: 675, mpesaKes: 100 });
    expect(giftMinimums({})).toEqual(DEFAULT_GIFT_MINIMUMS);
    expect(minimumSubunits('KES')).toBe(67_500);
  });

  test('each minimum is configurable; a setting that is not an amount keeps the default', () => {
    const env = { GIFT_MINIMUM_USD: '10', GIFT_MINIMUM_KES: '1000.50', MPESA_MINIMUM_KES: '0x10' };
    expect(giftMinimums(env)).toEqual({ USD: 10, KES: 1000.5, mpesaKes: 100 });
    expect(minimumSubunits('KES', giftMinimums(env))).toBe(100_050);
    expect(giftMinimums({ GIFT_MINIMUM_USD: '0' }).USD).toBe(5);
  });
});
