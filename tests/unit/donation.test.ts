import { describe, expect, test } from 'vitest';
import {
  DEFAULT_DONATION,
  DONATE_PRESETS,
  donationAlert,
  formatUsd,
  GET_INVOLVED_PRESETS,
  IMPACT_LADDER,
  ladderSummary,
  MIN_DONATION,
  parseAmount,
  reachesStep,
  stepsReached,
} from '../../src/lib/donation.ts';
import { donationChoice, donationFormFields, donationQuery } from '../../src/lib/donation-choice.ts';

describe('donation constants', () => {
  test('match the published figures', () => {
    expect(DEFAULT_DONATION).toBe(50);
    expect(MIN_DONATION).toBe(5);
    expect(GET_INVOLVED_PRESETS).toEqual([25, 50, 100]);
    expect(DONATE_PRESETS).toEqual([25, 50, 100, 250, 500, 1000]);
  });

  test('the impact ladder climbs from the smallest gift', () => {
    const amounts = IMPACT_LADDER.map((step) => step.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
    expect(new Set(amounts).size).toBe(amounts.length);
  });
});

describe('parseAmount', () => {
  test('reads whole and decimal dollars', () => {
    expect(parseAmount('50')).toBe(50);
    expect(parseAmount(' 12.5 ')).toBe(12.5);
    expect(parseAmount('.5')).toBe(0.5);
    expect(parseAmount('7.')).toBe(7);
    expect(parseAmount(100)).toBe(100);
    // A number input accepts exponents, so the helper must read them the same way.
    expect(parseAmount('1e3')).toBe(1000);
  });

  test('accepts a leading dollar sign and thousands separators', () => {
    expect(parseAmount('$1,000')).toBe(1000);
  });

  test('returns null when the amount is blank, negative, zero or not a number', () => {
    for (const input of ['', '   ', '-5', '0', '0.00', 'abc', '0x10', 'e3', '1.2.3', 'NaN', 'Infinity']) {
      expect(parseAmount(input), input).toBeNull();
    }
  });
});

describe('impact ladder highlight', () => {
  const [first, second, third, fourth] = IMPACT_LADDER;

  test('a step is reached when the amount is at least its amount', () => {
    expect(reachesStep(second!, second!.amount)).toBe(true);
    expect(reachesStep(second!, second!.amount + 0.01)).toBe(true);
    expect(reachesStep(second!, second!.amount - 0.01)).toBe(false);
  });

  test('a blank amount reaches no step', () => {
    expect(reachesStep(first!, null)).toBe(false);
    expect(stepsReached(null)).toBe(0);
  });

  test('counts the steps an amount reaches', () => {
    expect(stepsReached(DEFAULT_DONATION)).toBe(2);
    expect(stepsReached(24)).toBe(0);
    expect(stepsReached(third!.amount)).toBe(3);
    expect(stepsReached(fourth!.amount * 10)).toBe(IMPACT_LADDER.length);
  });
});

describe('ladderSummary', () => {
  test('says how many steps the amount reaches', () => {
    expect(ladderSummary(100)).toBe(`A gift of $100 reaches 3 of ${IMPACT_LADDER.length} steps.`);
    expect(ladderSummary(10)).toBe(`A gift of $10 reaches 0 of ${IMPACT_LADDER.length} steps.`);
  });

  test('asks for an amount when there is none', () => {
    expect(ladderSummary(null)).toBe('Enter an amount to see what it does.');
  });
});

describe('formatUsd', () => {
  test('shows whole dollars without cents and other amounts with two decimals', () => {
    expect(formatUsd(50)).toBe('$50');
    expect(formatUsd(1000)).toBe('$1,000');
    expect(formatUsd(12.5)).toBe('$12.50');
  });
});

describe('donationAlert', () => {
  test('names the frequency and the amount', () => {
    expect(donationAlert('monthly', 50)).toBe(
      'Redirecting to secure payment portal for your monthly donation of $50. Thank you for your generosity!',
    );
    expect(donationAlert('one-time', 250)).toBe(
      'Redirecting to secure payment portal for your one-time donation of $250. Thank you for your generosity!',
    );
  });
});

describe('donation choices in the address', () => {
  test('reads known frequencies, causes and amounts of at least the minimum, and nothing else', () => {
    expect(donationChoice(new URLSearchParams('amount=100&type=monthly&cause=water'))).toEqual({
      amount: '100',
      type: 'monthly',
      cause: 'water',
    });
    expect(donationChoice(new URLSearchParams('amount=2&type=weekly&cause=%3Cb%3E&name=x'))).toEqual({});
    expect(donationQuery({ amount: '75', type: 'one-time', cause: 'general' }).toString()).toBe(
      'amount=75&type=one-time&cause=general',
    );
  });

  test('a preset amount checks its radio; any other is typed, with no preset checked', () => {
    expect(donationFormFields({ amount: '100', type: 'monthly' })).toEqual([
      ['type', 'monthly'],
      ['amount', '100'],
    ]);
    expect(donationFormFields({ amount: '75' })).toEqual([
      ['amount', ''],
      ['customAmount', '75'],
    ]);
  });
});
