/**
 * What a sponsor whose child left the programme chooses (by a link of exit-offers.ts), and what the daily run does
 * when they do not answer:
 * - carry on: the paused commitment moves to the waiting child they chose, who becomes sponsored, and resumes (the
 *   months of the pause are not owed; a card commitment gets a new Paystack subscription on the same card, first
 *   charged on its next due day);
 * - end: the commitment ends;
 * - no answer: one reminder {@link EXIT_REMINDER_DAYS} days after the email, and the end
 *   {@link EXIT_END_DAYS_AFTER_REMINDER} days after the reminder.
 * Every rule takes the clock as `now`.
 */
import {
  EXIT_END_DAYS_AFTER_REMINDER,
  EXIT_REMINDER_DAYS,
  type ExitChoice,
} from '../../../../src/schemas/child-exits.ts';
import type { Background } from '../content/build-hook.ts';
import { firstName } from './child-updates.ts';
import { childChanged, rebuildForChild, waitingChildren } from './children.ts';
import {
  addDays,
  COMMITMENT_COLUMNS,
  dueOn,
  nairobiDay,
  periodsDue,
  type CommitmentRow,
} from '../gifts/commitment-rules.ts';
import { endLocked } from '../gifts/commitment-decisions.ts';
import { lockCommitment, settleState } from '../gifts/commitments.ts';
import { query, transaction, type Queryable } from '../platform/db.ts';
import { offerState, queueOfferEmail, type OfferState } from './exit-offers.ts';
import { logFailure } from '../platform/log.ts';
import { knownCardKeys } from '../gifts/card-keys.ts';
import {
  createSubscription,
  disableSubscription,
  paystackConfig,
  PaystackError,
  type PaystackSubscription,
} from '../gifts/paystack.ts';
import { planFor, PLAN_INTERVAL_OF_MONTHS } from '../gifts/paystack-plans.ts';

/** What a sponsor's choice came to, in words for the page they see. */
export type ChoiceOutcome = { ok: true; message: string } | { ok: false; status: number; message: string };

/** What the sponsor is told when they already chose. */
function alreadyChosen(offer: OfferState, movedToName: string | null): ChoiceOutcome {
  const words: Record<Exclude<ExitChoice, 'waiting'>, string> = {
    moved: `Your sponsorship already goes to ${movedToName ?? 'another child'}.`,
    ended: 'You already ended this sponsorship.',
    unanswered: 'This sponsorship has ended, as we had not heard from you.',
  };
  return { ok: false, status: 409, message: offer.choice === 'waiting' ? '' : words[offer.choice] };
}

async function childName(slug: string | null): Promise<string | null> {
  if (!slug) return null;
  const [row] = await query<{ name: string }>('select name from children where slug = $1', [slug]);
  return row ? firstName(row.name) : null;
}

/** The first instalment's period and due day after `now`: the months of the pause are not owed. */
function nextDue(commitment: CommitmentRow, now: Date): { period: string; dueOn: string } {
  const today = nairobiDay(now);
  const next = periodsDue(commitment, addDays(today, 400)).find((period) => period.dueOn > today);
  const period = next?.period ?? `${addDays(today, 31).slice(0, 7)}-01`;
  return { period, dueOn: dueOn(period, commitment.due_day) };
}

const CARD_REFUSED =
  'Paystack could not restart your card gift just now, so nothing has changed. Please try the link again later.';

/** A card gift's new subscription and the plan it is on. */
interface Restarted {
  readonly subscription: PaystackSubscription;
  readonly plan: string;
}

/** A new Paystack subscription for a paused card commitment that carries on, first charged on its next due day. */
async function restartCard(commitment: CommitmentRow, now: Date): Promise<Restarted | string> {
  const config = paystackConfig();
  const interval = PLAN_INTERVAL_OF_MONTHS[commitment.interval_months];
  if (!config || !commitment.subscription_code || !interval) return CARD_REFUSED;
  try {
    const keys = await knownCardKeys(config, commitment.id, commitment.subscription_code);
    if (!keys.customer || !keys.authorization) return CARD_REFUSED;
    const plan =
      commitment.plan_code ??
      (await transaction((tx) =>
        planFor(
          tx,
          config,
          { currency: commitment.currency, amountSubunits: Number(commitment.amount_subunits) },
          interval,
        ),
      ));
    const subscription = await createSubscription(config, {
      customer: keys.customer,
      plan,
      authorization: keys.authorization,
      start_date: `${nextDue(commitment, now).dueOn}T09:00:00+03:00`,
    });
    return { subscription, plan };
  } catch (failure) {
    if (!(failure instanceof PaystackError)) throw failure;
    logFailure('exit offer: restarting a card gift', failure);
    return CARD_REFUSED;
  }
}

/** Disables a subscription made for a move that did not happen; a refusal is logged (staff see it at Paystack). */
async function undoCard(made: PaystackSubscription): Promise<void> {
  const config = paystackConfig();
  if (!config || !made.email_token) return;
  try {
    await disableSubscription(config, made.subscription_code, made.email_token);
  } catch (failure) {
    logFailure(`exit offer: disabling unused subscription ${made.subscription_code}`, failure);
  }
}

/**
 * Carries the commitment of offer `offerId` on to waiting child `slug`: the child gets an active sponsorship (the
 * rebuild takes them off the waiting lists), the commitment names them and resumes. Refused, with words for the
 * sponsor, when the offer was already answered or the child is no longer waiting.
 */
export async function carryOn(
  offerId: string,
  slug: string,
  now: Date = new Date(),
  background: Background = {},
): Promise<ChoiceOutcome> {
  const offer = await offerState({ query }, offerId);
  if (!offer) return { ok: false, status: 404, message: 'This offer no longer exists.' };
  if (offer.choice !== 'waiting') return alreadyChosen(offer, await childName(offer.moved_to));
  const waiting = (await waitingChildren(10_000, [], nairobiDay(now))).find((child) => child.id === slug);
  const name = (await childName(slug)) ?? 'This child';
  const taken: ChoiceOutcome = {
    ok: false,
    status: 409,
    message: `${name} has just been given a sponsor by someone else, or is no longer waiting. Please choose another child from our email, or end your sponsorship there.`,
  };
  if (!waiting) return taken;
  const [found] = await query<CommitmentRow>(`select ${COMMITMENT_COLUMNS} from commitments where id = $1`, [
    offer.commitment_id,
  ]);
  if (!found || found.state === 'ended') return { ok: false, status: 409, message: 'This sponsorship has ended.' };
  let made: Restarted | undefined;
  if (found.method === 'card' && found.subscription_code) {
    const restarted = await restartCard(found, now);
    if (typeof restarted === 'string') return { ok: false, status: 409, message: restarted };
    made = restarted;
  }
  const outcome = await transaction(async (tx): Promise<ChoiceOutcome> => {
    const locked = await offerState(tx, offerId, true);
    if (!locked || locked.choice !== 'waiting') return { ok: false, status: 409, message: 'already' };
    const commitment = await lockCommitment(tx, { commitmentId: locked.commitment_id });
    if (!commitment || commitment.state === 'ended') {
      return { ok: false, status: 409, message: 'This sponsorship has ended.' };
    }
    const monthly = Math.round(Number(commitment.amount_subunits) / commitment.interval_months);
    const [sponsorship] = await tx.query<{ id: string }>(
      `insert into sponsorships (child_id, sponsor_name, sponsor_email, amount_subunits, currency, frequency, created_by)
       values ($1, $2, $3, $4, $5, $6, 'sponsor') on conflict (child_id) where state = 'active' do nothing
       returning id::text as id`,
      [
        slug,
        commitment.donor_name ?? 'Anonymous sponsor',
        commitment.donor_email,
        monthly,
        commitment.currency,
        commitment.interval_months === 12 ? 'yearly' : 'monthly',
      ],
    );
    if (!sponsorship) return taken;
    // A card gift's new subscription is the commitment's from now on: its first charge becomes the commitment's
    // first gift (as after a change of amount), so later charges are its renewals and name the new child.
    const [moved] = await tx.query<CommitmentRow>(
      `update commitments set child_id = $2, sponsorship_id = $3, paused_at = null, provider_stopped_at = null,
         stop_reason = null, subscription_code = coalesce($4, subscription_code), plan_code = coalesce($5, plan_code),
         paystack_email_token = coalesce($6, paystack_email_token),
         gift_id = case when $4::text is null then gift_id end, updated_at = now()
       where id = $1 returning ${COMMITMENT_COLUMNS}`,
      [
        commitment.id,
        slug,
        sponsorship.id,
        made?.subscription.subscription_code ?? null,
        made?.plan ?? null,
        made?.subscription.email_token ?? null,
      ],
    );
    // The months of the pause are not owed: counting starts again with the next due day.
    await tx.query(
      `delete from commitment_instalments where commitment_id = $1 and gift_id is null and due_on <= $2::date`,
      [commitment.id, nairobiDay(now)],
    );
    await settleState(tx, moved ?? commitment, now);
    await tx.query(`update exit_offers set choice = 'moved', moved_to = $2, chosen_at = $3 where id = $1`, [
      offerId,
      slug,
      now,
    ]);
    const [child] = await tx.query<{ id: string; slug: string }>(
      'select id::text as id, slug from children where slug = $1',
      [slug],
    );
    if (child) {
      await childChanged(
        tx,
        'sponsor',
        child,
        `sponsored: a sponsor carried their sponsorship on from ${locked.child}`,
      );
    }
    return { ok: true, message: `Thank you: your sponsorship now goes to ${name}.` };
  });
  if (!outcome.ok) {
    if (made) await undoCard(made.subscription);
    if (outcome.message === 'already') {
      const current = await offerState({ query }, offerId);
      return current ? alreadyChosen(current, await childName(current.moved_to)) : outcome;
    }
    return outcome;
  }
  await rebuildForChild(slug, 'sponsorship carried on', background);
  return outcome;
}

/** Ends the commitment of offer `offerId` as its sponsor asked (`ended`), or after no answer (`unanswered`). */
async function endOffer(tx: Queryable, offer: OfferState, choice: 'ended' | 'unanswered', now: Date): Promise<void> {
  const commitment = await lockCommitment(tx, { commitmentId: offer.commitment_id });
  if (commitment && commitment.state !== 'ended') {
    await endLocked(
      tx,
      commitment,
      choice === 'ended' ? 'donor' : 'no answer',
      choice === 'ended'
        ? 'The sponsor chose to end it after the child left the programme.'
        : 'The sponsor did not answer after the child left the programme.',
      now,
    );
  }
  await tx.query('update exit_offers set choice = $2, chosen_at = $3 where id = $1', [offer.id, choice, now]);
}

/** The sponsor of offer `offerId` ends their sponsorship. */
export async function endByChoice(offerId: string, now: Date = new Date()): Promise<ChoiceOutcome> {
  const outcome = await transaction(async (tx): Promise<ChoiceOutcome | OfferState | undefined> => {
    const offer = await offerState(tx, offerId, true);
    if (!offer || offer.choice !== 'waiting') return offer;
    await endOffer(tx, offer, 'ended', now);
    return {
      ok: true,
      message: 'Your sponsorship has ended, and nothing more will be taken. Thank you for all you gave.',
    };
  });
  if (!outcome) return { ok: false, status: 404, message: 'This offer no longer exists.' };
  if ('ok' in outcome) return outcome;
  return alreadyChosen(outcome, await childName(outcome.moved_to));
}

/** What one daily run did to the offers. */
export interface ExitOffersReport {
  readonly reminded: number;
  readonly ended: number;
}

/**
 * Sends the one reminder of each offer unanswered {@link EXIT_REMINDER_DAYS} days after its email, and ends each
 * commitment whose reminder has gone unanswered {@link EXIT_END_DAYS_AFTER_REMINDER} days, as of `now`.
 */
export async function runExitOffers(now: Date = new Date()): Promise<ExitOffersReport> {
  const dueReminder = await query<{ id: string }>(
    `select id::text as id from exit_offers where choice = 'waiting' and reminded_at is null
       and emailed_at <= $1::timestamptz - make_interval(days => $2) order by id`,
    [now, EXIT_REMINDER_DAYS],
  );
  let reminded = 0;
  if (dueReminder.length > 0) {
    const waiting = await waitingChildren(3, [], nairobiDay(now));
    for (const { id } of dueReminder) {
      const sent = await transaction(async (tx) => {
        const offer = await offerState(tx, id, true);
        if (!offer || offer.choice !== 'waiting') return false;
        const [marked] = await tx.query(
          'update exit_offers set reminded_at = $2 where id = $1 and reminded_at is null returning id',
          [id, now],
        );
        const [commitment] = await tx.query<CommitmentRow>(
          `select ${COMMITMENT_COLUMNS} from commitments where id = $1`,
          [offer.commitment_id],
        );
        if (!marked || !commitment) return false;
        return queueOfferEmail(tx, offer, commitment, offer.child, waiting, 'reminder');
      });
      if (sent) reminded += 1;
    }
  }
  const dueEnd = await query<{ id: string }>(
    `select id::text as id from exit_offers where choice = 'waiting'
       and reminded_at <= $1::timestamptz - make_interval(days => $2) order by id`,
    [now, EXIT_END_DAYS_AFTER_REMINDER],
  );
  let ended = 0;
  for (const { id } of dueEnd) {
    const done = await transaction(async (tx) => {
      const offer = await offerState(tx, id, true);
      if (!offer || offer.choice !== 'waiting') return false;
      await endOffer(tx, offer, 'unanswered', now);
      return true;
    });
    if (done) ended += 1;
  }
  return { reminded, ended };
}
