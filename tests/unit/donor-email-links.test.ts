/**
 * Every email a donor gets about their giving links to My giving, where they see their gifts and receipts and manage
 * their monthly gifts: the receipt, the refund, the yearly statement, the M-Pesa reminder, and both card-problem
 * emails (a failed payment, an expiring card). Each is checked as the donor reads it.
 */
import { describe, expect, test } from 'vitest';
import type { CommitmentRow } from '../../netlify/functions/_shared/gifts/commitment-rules.ts';
import { reminderNotice } from '../../netlify/functions/_shared/gifts/commitment-reminders.ts';
import { cardProblemText } from '../../netlify/functions/_shared/gifts/gift-mail.ts';
import { receiptText, refundText, statementText, type Receipt } from '../../netlify/functions/_shared/gifts/receipt.ts';
import { useEnv } from '../support/admin.ts';

const SITE = 'https://tumaini.example';
const MY_GIVING = `${SITE}/my-giving/`;

const receipt: Receipt = {
  number: 42,
  donorName: 'Amina Otieno',
  amountSubunits: 5000,
  currency: 'USD',
  date: new Date('2026-11-02T08:00:00Z'),
  method: 'Card',
  supports: 'Education (donation)',
  frequency: 'Monthly',
  transaction: '4099260516',
  refundedSubunits: 0,
};

const commitment = {
  id: '7',
  kind: 'donation',
  donor_name: 'Amina Otieno',
  amount_subunits: 150000,
  currency: 'KES',
  account: 'TUM4821',
} as unknown as CommitmentRow;

const monthlyGift = {
  giftId: '9',
  donorName: 'Amina Otieno',
  donorEmail: 'amina@example.org',
  amountSubunits: 5000,
  currency: 'USD',
  supports: 'Education (donation)',
  subscriptionCode: 'SUB_x',
};

describe('donor emails link to My giving', () => {
  useEnv({ SITE_URL: SITE, URL: undefined });

  const emails: [string, () => string][] = [
    ['the receipt', () => receiptText(receipt)],
    ['the refund', () => refundText({ ...receipt, refundedSubunits: 2000 }, 2000)],
    [
      'the yearly statement',
      () => statementText({ year: 2026, donorName: 'Amina Otieno', gifts: [receipt], language: 'en' }),
    ],
    ['the M-Pesa reminder', () => reminderNotice(commitment, '600100', '5 December 2026').body],
    [
      'the failed card payment',
      () => cardProblemText(monthlyGift, { kind: 'payment_failed', amountSubunits: 5000 }).body,
    ],
    [
      'the expiring card',
      () => cardProblemText(monthlyGift, { kind: 'card_expiring', card: 'Visa ending 4081', expires: '12/2026' }).body,
    ],
  ];
  test.each(emails)('%s', (_name, text) => {
    expect(text()).toContain(MY_GIVING);
  });
});
