/**
 * A donor's monthly gifts and sponsorships (commitments.ts) on My giving, and what the donor may do with them: open
 * Paystack's page to update the card or cancel (card), stop (M-Pesa), change the amount (all). Every
 * read and action is bounded by the session's address: a commitment that is not the donor's is not found.
 */
import { translator, type Locale, type MessageKey, type Translate } from '../../../../src/i18n/catalogue.ts';
import { formatMoney, subunitsPerUnit } from '../../../../src/lib/money.ts';
import { mpesaInstructions } from '../../../../src/lib/mpesa-instructions.ts';
import {
  addMonths,
  COMMITMENT_COLUMNS,
  dueOn,
  nairobiDay,
  instalmentState,
  sponsorshipMinimum,
  type CommitmentRow,
  type CommitmentState,
  type InstalmentState,
} from './commitment-rules.ts';
import { commitmentByTarget, instalmentsOf, supporterChangedAmount, supporterStopped } from './commitments.ts';
import type { PaystackKeys } from './commitment-cards.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { supportsText } from './gifts.ts';
import { escapeHtml, sentenceHtml } from '../platform/html-page.ts';
import { logFailure } from '../platform/log.ts';
import {
  createSubscription,
  disableSubscription,
  paystackConfig,
  PaystackError,
  type PaystackConfig,
  type PaystackSubscription,
} from './paystack.ts';
import { knownCardKeys } from './card-keys.ts';
import { planFor, PLAN_INTERVAL_OF_MONTHS } from './paystack-plans.ts';
import { nairobiDate } from './receipt.ts';

/** The donor's commitments that have started (a checkout not yet paid is not one), newest first. */
async function donorCommitments(email: string, db: Queryable = { query }): Promise<CommitmentRow[]> {
  return db.query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments where lower(donor_email) = lower($1) and state <> 'pending'
     order by (state = 'ended'), id desc`,
    [email],
  );
}

/** One of the donor's commitments by id (locked on `tx` with `lock`); undefined when it is not theirs. */
async function lockDonorCommitment(
  tx: Queryable,
  email: string,
  id: string,
  lock = true,
): Promise<CommitmentRow | undefined> {
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return undefined;
  const [row] = await tx.query<CommitmentRow>(
    `select ${COMMITMENT_COLUMNS} from commitments where id = $1 and lower(donor_email) = lower($2)
       and state <> 'pending'${lock ? ' for update' : ''}`,
    [id, email],
  );
  return row;
}

/** One of the donor's commitments by id; undefined when it is not theirs. */
export async function donorCommitment(email: string, id: string): Promise<CommitmentRow | undefined> {
  return lockDonorCommitment({ query }, email, id, false);
}

const STATE_WORDS: Readonly<Record<CommitmentState, MessageKey>> = {
  pending: 'myGiving.commitments.state.pending',
  active: 'myGiving.commitments.state.active',
  late: 'myGiving.commitments.state.late',
  lapsed: 'myGiving.commitments.state.lapsed',
  paused: 'myGiving.commitments.state.paused',
  ended: 'myGiving.commitments.state.ended',
};

const INSTALMENT_WORDS: Readonly<Record<InstalmentState, MessageKey>> = {
  due: 'myGiving.commitments.instalment.due',
  paid: 'myGiving.commitments.instalment.paid',
  late: 'myGiving.commitments.instalment.late',
  missed: 'myGiving.commitments.instalment.missed',
};

const EVERY: Readonly<Record<number, MessageKey>> = {
  1: 'myGiving.commitments.every.month',
  3: 'myGiving.commitments.every.quarter',
  12: 'myGiving.commitments.every.year',
};

/** How many instalments each commitment lists (the most recent). */
const INSTALMENTS_SHOWN = 12;

/** "$50.00 a month, Education (donation)", in `t`'s language. */
async function describe(commitment: CommitmentRow, t: Translate, language: Locale): Promise<string> {
  const supports = await supportsText(commitment, { query }, language);
  const money = formatMoney(commitment.amount_subunits, commitment.currency);
  return `${money} ${t(EVERY[commitment.interval_months] ?? 'myGiving.commitments.every.month')}, ${supports}`;
}

/** The M-Pesa account and how to pay it, as HTML (My giving, the thank-you page), in `language`. */
export function mpesaHtml(account: string, language: Locale = 'en'): string {
  const paybill = process.env['MPESA_PAYBILL'] ?? '';
  const t = translator(language);
  const steps = mpesaInstructions(paybill, account, 'month', language);
  const list = (items: readonly string[]) => `<ol>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`;
  const number = sentenceHtml(t, 'myGiving.mpesa.account', {
    account: `<strong>${escapeHtml(account)}</strong>`,
    paybill: `<strong>${escapeHtml(paybill)}</strong>`,
  });
  return [
    `<p>${number}</p>`,
    `<p>${escapeHtml(t('mail.mpesa.ratibaIntro'))}</p>`,
    list(steps.ratiba),
    `<p>${escapeHtml(t('mail.mpesa.byHandIntro'))}</p>`,
    list(steps.byHand),
  ].join('\n');
}

/** The "Monthly gifts" section of the donor's page (escaped HTML) in `language`, or '' when they have none. */
export async function commitmentsHtml(email: string, now = new Date(), language: Locale = 'en'): Promise<string> {
  const commitments = await donorCommitments(email);
  if (commitments.length === 0) return '';
  const t = translator(language);
  const text = (key: MessageKey, vars?: Record<string, string>) => escapeHtml(t(key, vars));
  const parts = [`<h2>${text('myGiving.commitments.heading')}</h2>`];
  for (const commitment of commitments) {
    const instalments = (await instalmentsOf(commitment.id)).slice(-INSTALMENTS_SHOWN).reverse();
    const title = await describe(commitment, t, language);
    const base = `/my-giving/commitments/${escapeHtml(commitment.id)}`;
    const unit = commitment.currency === 'KES' ? 'KES' : 'USD';
    const rows = instalments
      .map(
        (instalment) =>
          `<tr><td>${escapeHtml(nairobiDate(new Date(`${instalment.due_on}T09:00:00+03:00`), language))}</td>` +
          `<td>${text(INSTALMENT_WORDS[instalmentState(instalment, now)])}</td></tr>`,
      )
      .join('');
    parts.push(
      `<h3>${escapeHtml(title)}</h3>`,
      `<p>${text('myGiving.commitments.paidBy', {
        state: t(STATE_WORDS[commitment.state]),
        method: t(
          commitment.method === 'card'
            ? 'myGiving.commitments.method.card'
            : commitment.method === 'mpesa'
              ? 'myGiving.commitments.method.mpesa'
              : 'myGiving.commitments.method.other',
        ),
      })}</p>`,
      rows
        ? `<table><thead><tr><th scope="col">${text('myGiving.commitments.col.dueOn')}</th><th scope="col">${text('myGiving.commitments.col.payment')}</th></tr></thead><tbody>${rows}</tbody></table>`
        : '',
    );
    if (commitment.state === 'ended') continue;
    if (commitment.method === 'mpesa' && commitment.account) parts.push(mpesaHtml(commitment.account, language));
    if (commitment.method === 'card' && commitment.subscription_code) {
      parts.push(
        `<form class="inline" method="post" action="${base}/card"><button type="submit">${text('myGiving.commitments.updateCard')}</button></form>`,
      );
    }
    if (commitment.method === 'mpesa') {
      parts.push(
        `<form class="inline" method="post" action="${base}/stop"><button type="submit" class="secondary">${text('myGiving.commitments.stop')}</button></form>`,
      );
    }
    parts.push(
      `<form method="post" action="${base}/amount"><label for="amount-${escapeHtml(commitment.id)}">${text('myGiving.commitments.newAmount', { unit })}</label>` +
        `<input id="amount-${escapeHtml(commitment.id)}" name="amount" type="number" inputmode="decimal" min="1" step="0.01" required> ` +
        `<button type="submit" class="secondary">${text('myGiving.commitments.changeAmount')}</button></form>`,
    );
  }
  return parts.join('\n');
}

/** A donor's action on a commitment was done, or why it could not be. */
export type CommitmentActionOutcome = { ok: true } | { ok: false; status: number; message: string };

/** Stops the donor's M-Pesa commitment `id`. */
export async function stopCommitment(email: string, id: string, now = new Date()): Promise<CommitmentActionOutcome> {
  return transaction(async (tx) => {
    const commitment = await lockDonorCommitment(tx, email, id);
    if (!commitment) return { ok: false, status: 404, message: 'There is no such monthly gift among yours.' };
    if (commitment.method !== 'mpesa') {
      return { ok: false, status: 409, message: 'Only an M-Pesa monthly gift is stopped here.' };
    }
    if (commitment.state !== 'ended') await supporterStopped(tx, commitment.id, now);
    return { ok: true };
  });
}

/** What the donor is told when Paystack will not start the card gift's new amount. */
const CARD_REFUSED =
  'Paystack could not move your card gift to the new amount, so your gift continues as before. Try again later, ' +
  'or cancel it on Paystack’s page and start a new monthly gift on the donate page.';

/** The least `commitment` may be, or the donor's problem with `subunits`. */
function amountProblem(commitment: CommitmentRow, subunits: number): CommitmentActionOutcome | undefined {
  const least = commitment.kind === 'sponsorship' ? sponsorshipMinimum(commitment.currency) : 1;
  if (Number.isSafeInteger(subunits) && subunits >= least && subunits <= MOST_SUBUNITS) return undefined;
  if (subunits > MOST_SUBUNITS) {
    return {
      ok: false,
      status: 400,
      message: `The most a monthly gift can be here is ${formatMoney(MOST_SUBUNITS, commitment.currency)}.`,
    };
  }
  return {
    ok: false,
    status: 400,
    message: `The least a ${commitment.kind === 'sponsorship' ? 'sponsorship' : 'monthly gift'} can be is ${formatMoney(least, commitment.currency)}.`,
  };
}

/** The largest instalment My giving changes a commitment to (in subunits): what one checkout takes at most. */
const MOST_SUBUNITS = 100_000_000;

/**
 * Ends the donor's commitment `id` and starts one at `amount` (in the currency's units) in its place. A card
 * commitment first moves at Paystack ({@link moveCardSubscription}); when Paystack refuses, nothing changes.
 */
export async function changeCommitmentAmount(
  email: string,
  id: string,
  amount: number,
  now = new Date(),
): Promise<CommitmentActionOutcome> {
  const found = await lockDonorCommitment({ query }, email, id, false);
  if (!found) return { ok: false, status: 404, message: 'There is no such monthly gift among yours.' };
  if (found.state === 'ended') return { ok: false, status: 409, message: 'This monthly gift has ended.' };
  const subunits = Math.round(amount * subunitsPerUnit(found.currency));
  const problem = amountProblem(found, subunits);
  if (problem) return problem;
  if (subunits === Number(found.amount_subunits)) return { ok: true };
  if (found.method === 'card') return moveCardSubscription(email, found, subunits, now);
  return transaction(async (tx) => {
    const commitment = await lockDonorCommitment(tx, email, id);
    if (!commitment || commitment.state === 'ended') {
      return { ok: false, status: 409, message: 'This monthly gift has ended.' };
    }
    await supporterChangedAmount(tx, commitment.id, subunits, now);
    return { ok: true };
  });
}

/**
 * A card commitment's new amount, at Paystack first: the plan of the new amount (made once per currency, amount and
 * interval), a subscription to it on the same customer and saved card, first charged when the new commitment's first
 * instalment is due, then the old subscription disabled; only then the old commitment ends and the new one starts,
 * charged by the new subscription. When Paystack refuses a step, what was made there is undone and nothing changes.
 */
async function moveCardSubscription(
  email: string,
  commitment: CommitmentRow,
  subunits: number,
  now: Date,
): Promise<CommitmentActionOutcome> {
  const config = paystackConfig();
  const oldCode = commitment.subscription_code;
  const interval = PLAN_INTERVAL_OF_MONTHS[commitment.interval_months];
  if (!config || !oldCode || !interval) return { ok: false, status: 409, message: CARD_REFUSED };
  let keys: PaystackKeys;
  let made: PaystackSubscription | undefined;
  let planCode: string;
  try {
    keys = await knownCardKeys(config, commitment.id, oldCode);
    if (!keys.customer || !keys.authorization || !keys.emailToken) {
      return { ok: false, status: 409, message: CARD_REFUSED };
    }
    planCode = await transaction((tx) =>
      planFor(tx, config, { currency: commitment.currency, amountSubunits: subunits }, interval),
    );
    const firstPeriod = `${addMonths(nairobiDay(now), commitment.interval_months).slice(0, 7)}-01`;
    made = await createSubscription(config, {
      customer: keys.customer,
      plan: planCode,
      authorization: keys.authorization,
      start_date: `${dueOn(firstPeriod, commitment.due_day)}T09:00:00+03:00`,
    });
    await disableSubscription(config, oldCode, keys.emailToken);
  } catch (failure) {
    if (!(failure instanceof PaystackError)) throw failure;
    logFailure('my-giving: card amount', failure);
    if (made?.email_token) await undoSubscription(config, made.subscription_code, made.email_token);
    return { ok: false, status: 409, message: CARD_REFUSED };
  }
  const newKeys: PaystackKeys = {
    customer: keys.customer,
    authorization: keys.authorization,
    emailToken: made.email_token,
  };
  const changed = await transaction(async (tx) => {
    const locked = await lockDonorCommitment(tx, email, commitment.id);
    if (!locked || locked.state === 'ended' || locked.subscription_code !== oldCode) return false;
    await supporterChangedAmount(tx, locked.id, subunits, now, {
      subscriptionCode: made.subscription_code,
      planCode,
      keys: newKeys,
    });
    return true;
  });
  if (changed) return { ok: true };
  // Another press ended it meanwhile: the subscription made for this one is not needed.
  if (made.email_token) await undoSubscription(config, made.subscription_code, made.email_token);
  return { ok: false, status: 409, message: 'This monthly gift has ended.' };
}

/** Disables a subscription this change made and will not use; a refusal is logged (staff see it at Paystack). */
async function undoSubscription(config: PaystackConfig, code: string, token: string): Promise<void> {
  try {
    await disableSubscription(config, code, token);
  } catch (failure) {
    logFailure(`my-giving: disabling unused subscription ${code}`, failure);
  }
}

/** The M-Pesa account of the commitment a checkout's gift made or paid, if it is one. */
export async function mpesaAccountOfGift(giftId: string): Promise<string | null> {
  const commitment = await commitmentByTarget({ giftId });
  return commitment?.method === 'mpesa' ? commitment.account : null;
}
