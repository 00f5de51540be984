import { describe, expect, test } from 'vitest';
import {
  contactSubmit,
  donationIntent,
  newsletterSubscribe,
  schoolVolunteerApplication,
  trackRequest,
  volunteerApplication,
} from '../../src/schemas/track.ts';

const volunteer = {
  name: ' Brian ',
  email: 'brian@example.org',
  phone: '0700',
  age: '18',
  nationality: 'Kenyan',
  availability: 'Weekends',
  motivation: 'Give back',
};

describe('track schemas', () => {
  test('trims strings and drops blank optional fields', () => {
    expect(newsletterSubscribe.parse({ email: ' a@example.org ', name: '   ' })).toEqual({ email: 'a@example.org' });
  });

  test('rejects an email without a domain', () => {
    expect(newsletterSubscribe.safeParse({ email: 'someone@' }).success).toBe(false);
  });

  test('accepts a volunteer age typed as text and refuses anyone under 18', () => {
    expect(volunteerApplication.parse(volunteer)).toMatchObject({ name: 'Brian', age: 18, skills: [] });
    expect(volunteerApplication.safeParse({ ...volunteer, age: '17' }).success).toBe(false);
    expect(volunteerApplication.safeParse({ ...volunteer, age: 'old' }).success).toBe(false);
  });

  test('defaults the contact type to general and refuses unknown types', () => {
    const message = { name: 'A', email: 'a@example.org', subject: 'S', message: 'M' };
    expect(contactSubmit.parse(message).type).toBe('general');
    expect(contactSubmit.safeParse({ ...message, type: 'lottery' }).success).toBe(false);
  });

  test('bounds message length', () => {
    const message = { name: 'A', email: 'a@example.org', subject: 'S', message: 'x'.repeat(5001) };
    expect(contactSubmit.safeParse(message).success).toBe(false);
  });

  test('accepts a donation amount typed as text from 5 up, and an ISO timestamp only', () => {
    const donation = {
      amount: '5',
      type: 'monthly',
      cause: 'water',
      paymentMethod: 'paypal',
      name: 'F',
      email: 'f@example.org',
      anonymous: true,
      newsletter: false,
      timestamp: '2025-10-19T09:00:00.000Z',
    };
    expect(donationIntent.parse(donation).amount).toBe(5);
    expect(donationIntent.safeParse({ ...donation, amount: '4.99' }).success).toBe(false);
    expect(donationIntent.safeParse({ ...donation, amount: '' }).success).toBe(false);
    expect(donationIntent.safeParse({ ...donation, timestamp: 'yesterday' }).success).toBe(false);
  });

  test('keeps school subjects as a list, empty by default', () => {
    const base = { name: 'C', email: 'c@example.org', phone: '0711' };
    expect(schoolVolunteerApplication.parse(base).subjects).toEqual([]);
    expect(schoolVolunteerApplication.parse({ ...base, subjects: ['Swahili'] }).subjects).toEqual(['Swahili']);
  });

  test('picks the payload schema from the type', () => {
    const parsed = trackRequest.safeParse({ type: 'contact_submit', payload: { email: 'a@example.org' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(
      expect.arrayContaining(['payload.name', 'payload.subject', 'payload.message']),
    );
  });
});
