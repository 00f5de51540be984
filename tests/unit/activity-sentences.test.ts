import { describe, expect, test } from 'vitest';
import { activitySentence } from '../../src/admin/activity-sentences.ts';
import type { AuditType } from '../../netlify/functions/_shared/platform/audit.ts';
import { counted } from '../../src/admin/lib/format.ts';
import { cellText, recordsSentence, shownColumns } from '../../src/admin/lib/person-records.ts';

const gift = { giftId: '12', reference: 'ref-12', amount: '$40.00' };
const grace = { donor: 'Grace Wanjiru', provider: 'paystack', method: 'card', kind: 'donation', cause: 'education' };

/** No sentence may show the code it was made from. */
const CODE = /\b[a-z]+\.[a-z_.]+\b|\b[a-z]+_[a-z_]+\b/;

describe('activitySentence: gifts and commitments', () => {
  const cases: [string, Record<string, unknown>, Record<string, unknown>, string][] = [
    ['gift.pending', gift, grace, 'Grace Wanjiru started a gift of $40.00 to Education, not paid yet'],
    [
      'gift.recorded',
      gift,
      { ...grace, provider: 'staff' },
      "Grace Wanjiru's gift of $40.00 to Education was recorded",
    ],
    ['gift.confirmed', gift, grace, "Grace Wanjiru's gift of $40.00 was confirmed by Paystack"],
    ['gift.confirmed', gift, { ...grace, provider: 'mpesa' }, "Grace Wanjiru's gift of $40.00 was confirmed by M-Pesa"],
    ['gift.flagged', gift, grace, "Grace Wanjiru's gift of $40.00 needs a look (flagged)"],
    [
      'gift.unmatched',
      gift,
      { provider: 'mpesa' },
      'A payment of $40.00 through M-Pesa matches no gift: assign it on the Gifts tab',
    ],
    ['gift.failed', gift, grace, "Grace Wanjiru's gift of $40.00 failed at Paystack"],
    ['gift.abandoned', gift, grace, "Grace Wanjiru's gift of $40.00 was left unpaid"],
    [
      'gift.subscription',
      { ...gift, subscription: 'non_renewing' },
      grace,
      "Grace Wanjiru's gift of $40.00 (monthly) changed: now non renewing",
    ],
    ['gift.refunded', gift, grace, "Grace Wanjiru's gift of $40.00 was refunded"],
    ['gift.partly_refunded', gift, grace, "Grace Wanjiru's gift of $40.00 was partly refunded"],
    ['gift.confirmed', gift, { provider: 'paystack' }, "A donor's gift of $40.00 was confirmed by Paystack"],
    [
      'commitment.active',
      { commitmentId: '3', kind: 'sponsorship', child: 'wanjiku', amount: '$60.00' },
      { donor: 'Grace Wanjiru', kind: 'sponsorship', child: 'Wanjiku' },
      "Grace Wanjiru's sponsorship of Wanjiku ($60.00) is now active",
    ],
    [
      'commitment.child_taken',
      { commitmentId: '3', kind: 'sponsorship', amount: '$60.00' },
      { donor: 'Grace Wanjiru', kind: 'sponsorship', child: 'Wanjiku' },
      "Grace Wanjiru's sponsorship of Wanjiku ($60.00) could not start: the child already has a sponsor",
    ],
  ];
  test.each(cases)('%s', (type, payload, about, sentence) => {
    expect(activitySentence({ type, payload, about })).toBe(sentence);
  });
});

describe('activitySentence: the public forms', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['contact_submit', { name: 'Grace', subject: 'Visit' }, 'Grace sent a message: “Visit”'],
    ['newsletter_subscribe', { email: 'grace@example.org' }, 'grace@example.org signed up for the newsletter'],
    [
      'volunteer_application',
      { name: 'Juma', opportunity: 'education-general' },
      'Juma applied to volunteer as Classroom Teaching Assistant',
    ],
    ['school_volunteer_application', { name: 'Juma' }, 'Juma applied to volunteer at a school'],
    ['internship_application', { name: 'Juma' }, 'Juma applied for an internship'],
    ['sponsorship_application', { name: 'Grace', childId: 'wanjiku' }, 'Grace applied to sponsor Wanjiku'],
    ['donation_intent', { name: 'Grace', amount: 40, cause: 'water' }, 'Grace chose to give $40 to Clean Water'],
  ];
  test.each(cases)('%s', (type, payload, sentence) => {
    expect(activitySentence({ type, payload })).toBe(sentence);
  });
});

describe('activitySentence: staff actions', () => {
  const amina = { actorName: 'Amina' };
  const cases: [AuditType | 'admin.children.create', Record<string, unknown>, Record<string, unknown>, string][] = [
    ['admin.login', { actor: 'amina' }, amina, 'Amina signed in'],
    ['admin.login_failed', { actor: 'amina', reason: 'password' }, {}, 'A sign-in as amina failed (wrong password)'],
    ['admin.logout', { actor: 'amina' }, amina, 'Amina signed out'],
    ['admin.password_change', { actor: 'amina' }, amina, 'Amina set a new password'],
    ['admin.session_end', { actor: 'amina', current: true }, amina, 'Amina signed out of this browser'],
    ['admin.sessions_end_others', { actor: 'amina', ended: 2 }, amina, 'Amina signed out everywhere else'],
    ['admin.account.profile', { actor: 'amina', displayName: 'Amina W.' }, amina, 'Amina now signs as Amina W.'],
    ['admin.media.upload', { actor: 'amina', name: 'class.jpg' }, amina, 'Amina uploaded class.jpg'],
    ['admin.db.backup', { actor: 'amina', file: 'b.sql' }, amina, 'Amina made a backup of the database'],
    ['admin.staff.invite', { actor: 'amina', invitation: '4' }, amina, 'Amina invited a new staff member'],
    [
      'admin.staff.reset',
      { actor: 'amina', account: 'otieno' },
      amina,
      'Amina sent otieno a link to set a new password',
    ],
    ['admin.staff.remove', { actor: 'amina', account: 'otieno' }, amina, 'Amina removed otieno from the staff'],
    [
      'admin.staff.withdraw',
      { actor: 'amina', email: 'o@example.org' },
      amina,
      'Amina withdrew the invitation to o@example.org',
    ],
    ['admin.staff.join', { actor: 'otieno' }, {}, 'Otieno joined the staff'],
    [
      'admin.gifts.create',
      { actor: 'amina', id: '5', receipt: 12 },
      { ...amina, donor: 'Grace' },
      'Amina recorded a gift from Grace (R-000012)',
    ],
    ['admin.gifts.statement', { actor: 'amina', year: 2026, gifts: 3 }, amina, 'Amina sent the 2026 yearly statements'],
    [
      'admin.gifts.refund',
      { actor: 'amina', id: '5', reason: 'Sent twice' },
      { ...amina, donor: 'Grace' },
      "Amina marked Grace's gift refunded: Sent twice",
    ],
    [
      'admin.gifts.confirm',
      { actor: 'amina', id: '5', receipt: 3 },
      { ...amina, donor: 'Grace' },
      "Amina confirmed Grace's PayPal gift (R-000003)",
    ],
    [
      'admin.gifts.assign',
      { actor: 'amina', id: '5', receipt: 4 },
      { ...amina, kind: 'sponsorship', child: 'Baraka' },
      'Amina gave a payment that matched no gift to the sponsorship of Baraka (R-000004)',
    ],
    [
      'admin.gifts.rate',
      { actor: 'amina', kesPerUsd: 129 },
      amina,
      'Amina set the exchange rate to 129 Kenyan shillings to the dollar',
    ],
    [
      'admin.commitments.decide',
      { actor: 'amina', action: 'pause' },
      { ...amina, donor: 'Grace', kind: 'sponsorship' },
      "Amina chose to pause Grace's sponsorship",
    ],
    [
      'admin.person.export',
      { actor: 'amina', reason: 'Her request' },
      amina,
      "Amina exported a person's data: Her request",
    ],
    [
      'admin.person.correct',
      { actor: 'amina', table: 'contacts', column: 'donor_name', reason: 'Typo' },
      amina,
      "Amina corrected a person's donor name: Typo",
    ],
    ['admin.person.erase', { actor: 'amina', reason: 'Her request' }, amina, 'Amina erased a person: Her request'],
    ['admin.person.link', { actor: 'amina' }, amina, 'Amina confirmed that two records are the same person'],
    [
      'admin.reply_template.save',
      { actor: 'amina', kind: 'volunteer_application' },
      amina,
      'Amina changed a reply template',
    ],
    [
      'admin.volunteers.update',
      { actor: 'amina', id: '7', change: 'reply' },
      { ...amina, applicant: 'Juma' },
      "Amina replied to Juma's application",
    ],
    [
      'admin.volunteers.update',
      { actor: 'amina', id: '7', change: 'note' },
      { ...amina, applicant: 'Juma' },
      "Amina added a note to Juma's application",
    ],
    [
      'admin.volunteers.update',
      { actor: 'amina', id: '7', change: 'state', from: 'new', to: 'in_review' },
      { ...amina, applicant: 'Juma' },
      "Amina moved Juma's application from new to in review",
    ],
    [
      'admin.volunteers.update',
      { actor: 'amina', id: '7', change: 'holder', to: 'otieno' },
      { ...amina, applicant: 'Juma' },
      "Amina gave Juma's application to otieno",
    ],
    [
      'admin.blog.update',
      { actor: 'amina', id: '2', title: 'Reading week' },
      amina,
      'Amina changed the blog post “Reading week”',
    ],
    ['admin.programs.create', { actor: 'amina', id: '2', title: 'Meals' }, amina, 'Amina added the program “Meals”'],
    ['admin.media.delete', { actor: 'amina', id: '2', name: 'a.jpg' }, amina, 'Amina deleted the media item “a.jpg”'],
    [
      'admin.children.update',
      { actor: 'amina', child: 'baraka', change: 'photo' },
      { ...amina, child: 'Baraka' },
      "Amina changed Baraka's record: photo",
    ],
    [
      'admin.children.create',
      { id: '1', child: 'wanjiku' },
      {},
      "Wanjiku's record was added from the website's first list of children",
    ],
    [
      'admin.children.create',
      {
        actor: 'seed file',
        id: '1',
        child: 'baraka',
        change: 'copied from src/content/children.json with its consent',
      },
      { child: 'Baraka' },
      "Baraka's record was added from the website's first list of children",
    ],
  ];
  test.each(cases)('%s', (type, payload, about, sentence) => {
    expect(activitySentence({ type, payload, about })).toBe(sentence);
  });

  test('an actor without a display name is named by their username; an unknown type is put in words', () => {
    expect(activitySentence({ type: 'admin.logout', payload: { actor: 'otieno' } })).toBe('Otieno signed out');
    const unknown = activitySentence({ type: 'payment.something_new', payload: {} });
    expect(unknown).toBe('Payment something new');
    expect(unknown).not.toMatch(CODE);
  });
});

describe('counted', () => {
  test('one of a thing is singular, any other count plural', () => {
    expect(counted(1, 'gifts')).toBe('1 gift');
    expect(counted(1, 'blog posts')).toBe('1 blog post');
    expect(counted(1, 'children')).toBe('1 child');
    expect(counted(0, 'gifts')).toBe('0 gifts');
    expect(counted(3, 'media items')).toBe('3 media items');
  });
});

describe('the person page', () => {
  const rows = [
    {
      id: '9',
      ts: '2026-11-03T07:00:00Z',
      state: 'confirmed',
      amount_subunits: 4000,
      currency: 'USD',
      receipt_no: 12,
      dedup_key: 'x',
      child_id: 'wanjiku',
      kind: 'sponsorship',
    },
  ];
  test('shows no internal columns, and amounts, receipts and children as staff read them', () => {
    expect(shownColumns(rows)).toEqual(['ts', 'state', 'amount_subunits', 'receipt_no', 'child_id', 'kind']);
    expect(cellText(rows[0]!, 'amount_subunits')).toBe('$40.00');
    expect(cellText(rows[0]!, 'child_id')).toBe('Wanjiku');
    expect(recordsSentence('Gifts', rows)).toBe('Gifts: 1 — $40.00 on 3 Nov 2026 (confirmed, R-000012)');
  });
});
