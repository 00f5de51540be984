/**
 * Donors, their gifts, and their monthly (quarterly, yearly) commitments with each period's instalment. Local donors
 * give mostly by M-Pesa in shillings, donors abroad by card or PayPal in dollars; a few donors give often (every donor
 * at least once); giving peaks in December. A paid instalment is a confirmed gift of its own. Gifts are numbered in the
 * order they were made, and receipts in the order the money arrived.
 */
import type { Queryable } from '../../../netlify/functions/_shared/platform/db.ts';
import { addDays, kenyanPhone, personEmail, personName, type Random, type Timeline } from './random.ts';
import { TableWriter } from './writer.ts';

export interface Donor {
  name: string;
  email: string | null;
  phone: string | null;
  local: boolean;
}

interface Gift {
  id: number;
  ts: Date;
  reference: string;
  provider: string;
  kind: string;
  frequency: string;
  cause: string | null;
  childId: string | null;
  amount: number;
  currency: string;
  method: string;
  state: string;
  donor: Donor | null;
  anonymous: boolean;
  providerTxn: string | null;
  subscription: string | null;
  recordedBy: string;
  refunded: number;
}

const CAUSES = ['general', 'education', 'healthcare', 'water', 'housing', 'emergency'];
const CHILDREN = ['amani', 'wanjiku', 'baraka', 'achieng', 'kibet', 'zawadi', 'musa', 'neema'];
const STAFF = ['amina', 'joseph', 'grace', 'peter', 'wanjiru', 'daniel', 'esther', 'hassan'];

/** The staff usernames the generator signs its audit rows, notes and sessions with. */
export const STAFF_USERNAMES: readonly string[] = STAFF;

/** `count` donors; about two in three live in Kenya. */
export function makeDonors(random: Random, count: number): Donor[] {
  return Array.from({ length: count }, (_, n) => {
    const local = random.chance(0.65);
    const name = personName(random);
    return {
      name,
      email: random.chance(local ? 0.55 : 0.95) ? personEmail(name, 'donor', n) : null,
      phone: local || random.chance(0.1) ? kenyanPhone(n) : null,
      local,
    };
  });
}

/** A donor, most often one of the few who give again and again. */
function regular(random: Random, donors: readonly Donor[]): Donor {
  return donors[Math.floor(donors.length * random.next() ** 2.2)]!;
}

/** An amount in subunits: shillings round to 50, dollars to 5. */
function amount(random: Random, currency: string, monthly: boolean): number {
  if (currency === 'KES') return Math.max(50, Math.round(random.logNormal(monthly ? 1500 : 2500, 0.9) / 50) * 50) * 100;
  return Math.max(5, Math.round(random.logNormal(monthly ? 30 : 60, 0.8) / 5) * 5) * 100;
}

/** How a gift from `donor` is paid: provider, method, currency. */
function payment(random: Random, donor: Donor | null): [string, string, string] {
  if (!donor || donor.local) {
    const way = random.weighted({ mpesa: 70, card: 20, staff: 10 });
    if (way === 'mpesa') return ['mpesa', 'mpesa', 'KES'];
    if (way === 'card') return ['paystack', random.chance(0.3) ? 'mpesa' : 'card', 'KES'];
    return ['staff', random.pick(['cash', 'bank_transfer', 'cheque']), 'KES'];
  }
  const way = random.weighted({ card: 70, paypal: 20, staff: 10 });
  if (way === 'card') return ['paystack', 'card', 'USD'];
  if (way === 'paypal') return ['paypal', 'paypal', 'USD'];
  return ['staff', 'bank_transfer', 'USD'];
}

const recordedBy = (random: Random, provider: string) =>
  provider === 'staff' ? `staff:${random.pick(STAFF)}` : provider === 'paypal' ? 'checkout' : provider;

/** Sizes of the giving part. */
export interface GivingSizes {
  gifts: number;
  donors: number;
  commitments: number;
}

/** Writes commitments, instalments and gifts; returns the donors (other parts name some of them). */
export async function writeGiving(
  db: Queryable,
  random: Random,
  timeline: Timeline,
  sizes: GivingSizes,
): Promise<{ donors: Donor[]; gifts: number; instalments: number }> {
  const donors = makeDonors(random, sizes.donors);
  const gifts: Gift[] = [];
  const newGift = (fields: Partial<Gift> & Pick<Gift, 'ts' | 'donor'>): Gift => {
    const [provider, method, currency] = payment(random, fields.donor);
    const gift: Gift = {
      id: 0,
      reference: `VOL${String(gifts.length + 1).padStart(7, '0')}`,
      provider,
      kind: 'donation',
      frequency: 'one-time',
      cause: random.pick(CAUSES),
      childId: null,
      amount: amount(random, currency, false),
      currency,
      method,
      state: 'confirmed',
      anonymous: random.chance(0.08),
      providerTxn: provider === 'paypal' || provider === 'mpesa' ? `TX${gifts.length + 1}` : null,
      subscription: null,
      recordedBy: recordedBy(random, provider),
      refunded: 0,
      ...fields,
    };
    gifts.push(gift);
    return gift;
  };

  // Commitments first: their paid instalments are gifts.
  const commitments = new TableWriter(db, 'commitments', [
    ['id', 'bigint'],
    ['created_at', 'timestamptz'],
    ['kind', 'text'],
    ['cause', 'text'],
    ['donor_name', 'text'],
    ['donor_email', 'text'],
    ['donor_phone', 'text'],
    ['amount_subunits', 'bigint'],
    ['currency', 'text'],
    ['method', 'text'],
    ['interval_months', 'smallint'],
    ['due_day', 'smallint'],
    ['starts_on', 'date'],
    ['state', 'text'],
    ['state_since', 'timestamptz'],
    ['ended_at', 'timestamptz'],
    ['ended_by', 'text'],
    ['end_reason', 'text'],
    ['paused_at', 'timestamptz'],
    ['subscription_code', 'text'],
    ['plan_code', 'text'],
    ['account', 'text'],
    ['contact_due_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
  ]);
  const instalmentRows: { commitment: number; period: string; dueOn: string; gift: Gift | null }[] = [];
  for (let id = 1; id <= sizes.commitments; id += 1) {
    const donor = regular(random, donors);
    // Most commitments that still run began in the last years (the later of two draws).
    const draws = [timeline.moment(random), timeline.moment(random)];
    const created = random.chance(0.6) ? (draws[0]! > draws[1]! ? draws[0]! : draws[1]!) : draws[0]!;
    const method = donor.local ? (random.chance(0.7) ? 'mpesa' : 'card') : random.chance(0.9) ? 'card' : 'other';
    const currency = donor.local ? 'KES' : 'USD';
    const interval = { monthly: 1, quarterly: 3, annual: 12 }[
      random.weighted({ monthly: 80, quarterly: 14, annual: 6 })
    ];
    const young = timeline.until.getTime() - created.getTime() < 20 * 86_400_000;
    const state =
      young && random.chance(0.3)
        ? 'pending'
        : random.weighted({ active: 50, late: 7, lapsed: 8, paused: 5, ended: 30 });
    const dueDay = random.int(1, 28);
    const startsOn = state === 'pending' ? null : `${created.toISOString().slice(0, 7)}-01`;
    const stoppedAt = state === 'ended' || state === 'paused' ? timeline.after(random, created, 540) : null;
    const amountSubunits = amount(random, currency, true) * interval;
    const subscription = method === 'card' ? `SUB_vol${id}` : null;
    await commitments.add([
      id,
      created,
      'donation',
      random.pick(CAUSES),
      donor.name,
      donor.email,
      donor.phone,
      amountSubunits,
      currency,
      method,
      interval,
      dueDay,
      startsOn,
      state,
      stoppedAt ?? created,
      state === 'ended' ? stoppedAt : null,
      state === 'ended' ? random.pick(['donor', `staff:${random.pick(STAFF)}`]) : null,
      state === 'ended' ? 'The donor asked to stop.' : null,
      state === 'paused' ? stoppedAt : null,
      subscription,
      method === 'card' ? 'PLN_volume' : null,
      method === 'mpesa' ? `TC${String(id).padStart(6, '0')}` : null,
      state === 'lapsed' ? addDays(timeline.until, -random.int(1, 40)) : null,
      stoppedAt ?? created,
    ]);
    if (!startsOn) continue;
    const through = (stoppedAt ?? timeline.until).toISOString().slice(0, 10);
    const periods: { period: string; dueOn: string }[] = [];
    for (let n = 0; ; n += 1) {
      const at = new Date(`${startsOn}T00:00:00Z`);
      at.setUTCMonth(at.getUTCMonth() + n * interval);
      const period = at.toISOString().slice(0, 10);
      const dueOn = `${period.slice(0, 7)}-${String(dueDay).padStart(2, '0')}`;
      if (dueOn > through) break;
      periods.push({ period, dueOn });
    }
    const unpaidTail = state === 'late' ? 1 : state === 'lapsed' ? random.int(2, 3) : 0;
    periods.forEach(({ period, dueOn }, index) => {
      const paid = index < periods.length - unpaidTail && !random.chance(0.04);
      const gift = paid
        ? newGift({
            ts: addDays(new Date(`${dueOn}T06:00:00Z`), random.next() * 4 - 1),
            donor,
            frequency: interval === 1 ? 'monthly' : interval === 3 ? 'quarterly' : 'annual',
            provider: method === 'mpesa' ? 'mpesa' : method === 'card' ? 'paystack' : 'staff',
            method: method === 'other' ? 'bank_transfer' : method,
            currency,
            amount: amountSubunits,
            recordedBy: method === 'other' ? `staff:${random.pick(STAFF)}` : method === 'card' ? 'paystack' : 'mpesa',
            subscription,
            anonymous: false,
          })
        : null;
      instalmentRows.push({ commitment: id, period, dueOn, gift });
    });
  }
  await commitments.close();

  // Every donor gives at least once; the rest of the gifts go mostly to the regulars.
  const oneOff = Math.max(sizes.gifts - gifts.length, Math.round(sizes.gifts * 0.4));
  for (let n = 0; n < oneOff; n += 1) {
    const donor = n < donors.length ? donors[n]! : regular(random, donors);
    const ts = timeline.moment(random, true);
    const recent = timeline.until.getTime() - ts.getTime() < 2 * 86_400_000;
    const gift = newGift({ ts, donor });
    if (random.chance(0.12)) {
      gift.kind = 'sponsorship';
      gift.cause = null;
      gift.childId = random.pick(CHILDREN);
    }
    gift.state =
      recent && random.chance(0.5)
        ? 'pending'
        : random.weighted({ confirmed: 90, failed: 4, abandoned: 4, refunded: 1, unmatched: 0.4 });
    if (gift.state === 'unmatched') {
      gift.provider = 'paystack';
      gift.donor = null;
      gift.recordedBy = 'paystack';
    }
    if (gift.state === 'refunded') gift.refunded = gift.amount;
  }

  // Numbered in the order made; receipts in the order the money came.
  gifts.sort((a, b) => a.ts.getTime() - b.ts.getTime());
  gifts.forEach((gift, index) => (gift.id = index + 1));
  const writer = new TableWriter(db, 'gifts', [
    ['id', 'bigint'],
    ['ts', 'timestamptz'],
    ['reference', 'text'],
    ['provider', 'text'],
    ['kind', 'text'],
    ['frequency', 'text'],
    ['cause', 'text'],
    ['child_id', 'text'],
    ['amount_subunits', 'bigint'],
    ['currency', 'text'],
    ['method', 'text'],
    ['state', 'text'],
    ['donor_name', 'text'],
    ['donor_email', 'text'],
    ['donor_phone', 'text'],
    ['anonymous', 'boolean'],
    ['provider_txn', 'text'],
    ['subscription_code', 'text'],
    ['confirmed_at', 'timestamptz'],
    ['receipt_no', 'bigint'],
    ['recorded_by', 'text'],
    ['updated_at', 'timestamptz'],
    ['refunded_subunits', 'bigint'],
    ['refunded_at', 'timestamptz'],
    ['note', 'text'],
  ]);
  let receipt = 0;
  for (const gift of gifts) {
    const received = gift.state === 'confirmed' || gift.state === 'refunded';
    const confirmedAt = received ? addDays(gift.ts, random.next() / 96) : null;
    const refundedAt = gift.refunded > 0 ? addDays(gift.ts, random.int(1, 20)) : null;
    await writer.add([
      gift.id,
      gift.ts,
      gift.reference,
      gift.provider,
      gift.kind,
      gift.frequency,
      gift.cause,
      gift.childId,
      gift.amount,
      gift.currency,
      gift.method,
      gift.state,
      gift.donor?.name,
      gift.donor?.email,
      gift.donor?.phone,
      gift.anonymous,
      gift.providerTxn,
      gift.subscription,
      confirmedAt,
      received ? ++receipt : null,
      gift.recordedBy,
      refundedAt ?? confirmedAt ?? gift.ts,
      gift.refunded,
      refundedAt,
      gift.refunded > 0 ? 'Refunded: the donor gave twice by mistake.' : null,
    ]);
  }
  await writer.close();
  await db.query(
    `insert into receipt_counter (id, last) values (true, $1) on conflict (id) do update set last = excluded.last`,
    [receipt],
  );

  const instalments = new TableWriter(
    db,
    'commitment_instalments',
    [
      ['commitment_id', 'bigint'],
      ['period', 'date'],
      ['due_on', 'date'],
      ['gift_id', 'bigint'],
      ['paid_at', 'timestamptz'],
    ],
    { identity: false },
  );
  for (const row of instalmentRows) {
    await instalments.add([row.commitment, row.period, row.dueOn, row.gift?.id, row.gift?.ts]);
  }
  await instalments.close();
  await db.query(
    `update commitments c set gift_id = i.gift_id
     from (select distinct on (commitment_id) commitment_id, gift_id from commitment_instalments
           where gift_id is not null order by commitment_id, period) i
     where c.id = i.commitment_id`,
  );
  return { donors, gifts: gifts.length, instalments: instalmentRows.length };
}
