/**
 * A donor's monthly gifts and sponsorships (commitments.ts) on My giving, and what the donor may do with them: open
 * Paystack's page to update the card or cancel (card), stop (M-Pesa), change the amount (M-Pesa and by hand). Every
 * read and action is bounded by the session's address: a commitment that is not the donor's is not found.
 */
import { formatMoney, subunitsPerUnit } from '../../../src/lib/money.ts';
import { mpesaInstructions } from '../../../src/lib/mpesa-instructions.ts';
import {
  commitmentByTarget,
  COMMITMENT_COLUMNS,
  instalmentsOf,
  instalmentState,
  sponsorshipMinimum,
  supporterChangedAmount,
  supporterStopped,
  type CommitmentRow,
  type CommitmentState,
  type InstalmentState,
} from './commitments.ts';
import { query, transaction, type Queryable } from './db.ts';
import { supportsText } from './gifts.ts';
import { escapeHtml } from './html-page.ts';
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

const STATE_WORDS: Readonly<Record<CommitmentState, string>> = {
  pending: 'Waiting for its first payment',
  active: 'Active',
  late: 'Late: one payment is missing',
  lapsed: 'Stopped: payments have not arrived',
  paused: 'Paused',
  ended: 'Ended',
};

const INSTALMENT_WORDS: Readonly<Record<InstalmentState, string>> = {
  due: 'Due',
  paid: 'Paid',
  late: 'Late',
  missed: 'Missed',
};

const EVERY: Readonly<Record<number, string>> = { 1: 'a month', 3: 'every three months', 12: 'a year' };

/** How many instalments each commitment lists (the most recent). */
const INSTALMENTS_SHOWN = 12;

/** "$50.00 a month, Education (donation)". */
async function describe(commitment: CommitmentRow): Promise<string> {
  const supports = await supportsText(commitment);
  const money = formatMoney(commitment.amount_subunits, commitment.currency);
  return `${money} ${EVERY[commitment.interval_months] ?? 'a month'}, ${supports}`;
}

/** The M-Pesa account and how to pay it, as HTML (My giving, the thank-you page). */
export function mpesaHtml(account: string): string {
  const paybill = process.env['MPESA_PAYBILL'] ?? '';
  const steps = mpesaInstructions(paybill, account);
  const list = (items: readonly string[]) => `<ol>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ol>`;
  return [
    `<p>Your M-Pesa account number: <strong>${escapeHtml(account)}</strong> (Paybill <strong>${escapeHtml(paybill)}</strong>). Use it for every payment.</p>`,
    '<p>Set it up once with an M-Pesa Ratiba standing order:</p>',
    list(steps.ratiba),
    '<p>Or pay each time by hand:</p>',
    list(steps.byHand),
  ].join('\n');
}

/** The "Monthly gifts" section of the donor's page (escaped HTML), or '' when they have none. */
export async function commitmentsHtml(email: string, now = new Date()): Promise<string> {
  const commitments = await donorCommitments(email);
  if (commitments.length === 0) return '';
  const parts = ['<h2>Monthly gifts and sponsorships</h2>'];
  for (const commitment of commitments) {
    const instalments = (await instalmentsOf(commitment.id)).slice(-INSTALMENTS_SHOWN).reverse();
    const title = await describe(commitment);
    const base = `/my-giving/commitments/${escapeHtml(commitment.id)}`;
    const unit = commitment.currency === 'KES' ? 'KES' : 'USD';
    const rows = instalments
      .map(
        (instalment) =>
          `<tr><td>${escapeHtml(nairobiDate(new Date(`${instalment.due_on}T09:00:00+03:00`)))}</td>` +
          `<td>${INSTALMENT_WORDS[instalmentState(instalment, now)]}</td></tr>`,
      )
      .join('');
    parts.push(
      `<h3>${escapeHtml(title)}</h3>`,
      `<p>${escapeHtml(STATE_WORDS[commitment.state])}. Paid by ${commitment.method === 'card' ? 'card' : commitment.method === 'mpesa' ? 'M-Pesa' : 'cheque, cash or transfer'}.</p>`,
      rows
        ? `<table><thead><tr><th scope="col">Due on</th><th scope="col">Payment</th></tr></thead><tbody>${rows}</tbody></table>`
        : '',
    );
    if (commitment.state === 'ended') continue;
    if (commitment.method === 'mpesa' && commitment.account) parts.push(mpesaHtml(commitment.account));
    if (commitment.method === 'card' && commitment.subscription_code) {
      parts.push(
        `<form class="inline" method="post" action="${base}/card"><button type="submit">Update card or cancel</button></form>`,
      );
    }
    if (commitment.method === 'mpesa') {
      parts.push(
        `<form class="inline" method="post" action="${base}/stop"><button type="submit" class="secondary">Stop</button></form>`,
      );
    }
    if (commitment.method !== 'card') {
      parts.push(
        `<form method="post" action="${base}/amount"><label for="amount-${escapeHtml(commitment.id)}">New amount (${unit})</label>` +
          `<input id="amount-${escapeHtml(commitment.id)}" name="amount" type="number" inputmode="decimal" min="1" step="0.01" required> ` +
          `<button type="submit" class="secondary">Change amount</button></form>`,
      );
    } else {
      parts.push(
        '<p class="note">To give a different amount by card, cancel this gift on Paystack’s page and start a new monthly gift on <a class="plain" href="/donate/">the donate page</a>.</p>',
      );
    }
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

/** Ends the donor's commitment `id` and starts one at `amount` (in the currency's units) in its place. */
export async function changeCommitmentAmount(
  email: string,
  id: string,
  amount: number,
  now = new Date(),
): Promise<CommitmentActionOutcome> {
  return transaction(async (tx) => {
    const commitment = await lockDonorCommitment(tx, email, id);
    if (!commitment) return { ok: false, status: 404, message: 'There is no such monthly gift among yours.' };
    if (commitment.state === 'ended') return { ok: false, status: 409, message: 'This monthly gift has ended.' };
    if (commitment.method === 'card') {
      return {
        ok: false,
        status: 409,
        message: 'A card gift’s amount is set with Paystack: cancel it there and start a new monthly gift.',
      };
    }
    const subunits = Math.round(amount * subunitsPerUnit(commitment.currency));
    const least = commitment.kind === 'sponsorship' ? sponsorshipMinimum(commitment.currency) : 1;
    if (subunits < least) {
      return {
        ok: false,
        status: 400,
        message: `The least a ${commitment.kind === 'sponsorship' ? 'sponsorship' : 'monthly gift'} can be is ${formatMoney(least, commitment.currency)}.`,
      };
    }
    if (subunits !== Number(commitment.amount_subunits)) {
      await supporterChangedAmount(tx, commitment.id, subunits, now);
    }
    return { ok: true };
  });
}

/** The M-Pesa account of the commitment a checkout's gift made or paid, if it is one. */
export async function mpesaAccountOfGift(giftId: string): Promise<string | null> {
  const commitment = await commitmentByTarget({ giftId });
  return commitment?.method === 'mpesa' ? commitment.account : null;
}
