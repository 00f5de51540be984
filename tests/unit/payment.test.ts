import { describe, expect, test } from 'vitest';
import { giftChoices } from '../../netlify/functions/_shared/platform/form-answer.ts';
import { DEFAULT_PAYMENT_URL, paymentBaseUrls, paymentUrl } from '../../src/lib/payment.ts';

describe('paymentUrl', () => {
  test('gives the bare payment page when no options are passed', () => {
    expect(paymentUrl('donationUrl')).toBe(DEFAULT_PAYMENT_URL);
  });

  test('adds amount, child_id, campaign and source to the query', () => {
    const url = new URL(
      paymentUrl('sponsorshipUrl', { amount: 75, childId: 'amani', campaign: 'hero-cta', source: 'sponsor-page' }),
    );
    expect(Object.fromEntries(url.searchParams)).toEqual({
      amount: '75',
      child_id: 'amani',
      campaign: 'hero-cta',
      source: 'sponsor-page',
    });
  });

  test('leaves out empty options and encodes what it adds', () => {
    const url = new URL(paymentUrl('generalUrl', { amount: '', childId: 'a b&c', campaign: '' }));
    expect([...url.searchParams.keys()]).toEqual(['child_id']);
    expect(url.searchParams.get('child_id')).toBe('a b&c');
    expect(url.search).toBe('?child_id=a+b%26c');
  });

  test('all four link kinds lead to the one configured page', () => {
    expect(new Set(Object.values(paymentBaseUrls))).toEqual(new Set([DEFAULT_PAYMENT_URL]));
  });
});

describe('giftChoices', () => {
  test("carries a donation's amount, frequency and cause, and a sponsorship's child, type and frequency", () => {
    const donation = giftChoices('donation_intent', { amount: 75, type: 'monthly', cause: 'water', name: 'A' });
    expect(Object.fromEntries(new URL(paymentUrl('donationUrl', donation)).searchParams)).toEqual({
      amount: '75',
      frequency: 'monthly',
      cause: 'water',
    });
    const sponsorship = giftChoices('sponsorship_application', {
      childId: 'amani',
      sponsorshipType: 'group',
      paymentMethod: 'annual',
      email: 'a@b.c',
    });
    expect(Object.fromEntries(new URL(paymentUrl('sponsorshipUrl', sponsorship)).searchParams)).toEqual({
      child_id: 'amani',
      sponsorship_type: 'group',
      frequency: 'annual',
    });
    expect(giftChoices('contact_submit', { name: 'A' })).toEqual({});
  });
});
