import { describe, expect, test } from 'vitest';
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
