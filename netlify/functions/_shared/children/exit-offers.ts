/**
 * What a sponsor is offered when the child they sponsor leaves the programme (child-exits.ts records the exit): the
 * email and its one reminder, each naming up to three waiting children by first name and age, with a signed link to
 * carry the sponsorship on to each and one to end it. A link names the offer and the choice and is signed over the
 * offer's commitment too, so it cannot be turned into a link for another offer or another choice; nothing about it is
 * stored. Following a link only shows what it would do; the sponsor's press of its button does it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNNAMED_SIGNATURE } from '../../../../src/lib/applications.ts';
import { formatMoney } from '../../../../src/lib/money.ts';
import { translator, type Locale, type MessageKey } from '../../../../src/i18n/catalogue.ts';
import { EXIT_TEMPLATE_KIND, type ExitTemplateOutcome } from '../../../../src/lib/reply-templates.ts';
import {
  EXIT_END_DAYS_AFTER_REMINDER,
  EXIT_REMINDER_DAYS,
  type ExitChoice,
} from '../../../../src/schemas/child-exits.ts';
import { firstName } from './child-updates.ts';
import type { WaitingChild } from './children.ts';
import type { Queryable } from '../platform/db.ts';
import { enqueue, siteUrl } from '../platform/outbox.ts';
import { composeFromTemplate } from '../applications/reply-templates.ts';
import { signingKey } from '../platform/secret.ts';

/** The choice a link makes: a waiting child's site id, or {@link END_CHOICE}. */
export const END_CHOICE = '~end';

/** How many waiting children an email offers at most. */
export const CHILDREN_OFFERED = 3;

const TOKEN = /^([1-9][0-9]{0,17})\.(~end|[a-z0-9-]{1,60})\.([A-Za-z0-9_-]{43})$/;

function signature(offerId: string, commitmentId: string, choice: string): Buffer {
  return createHmac('sha256', signingKey()).update(`exit-offer:${offerId}:${commitmentId}:${choice}`).digest();
}

/** The address of the page that makes `choice` for offer `offer`. */
export function choiceLink(offer: { id: string; commitment_id: string }, choice: string): string {
  const token = `${offer.id}.${choice}.${signature(offer.id, offer.commitment_id, choice).toString('base64url')}`;
  return `${siteUrl()}/sponsorship-choice/${token}`;
}

/** The offer id and choice a well-formed token names (its signature is checked by {@link linkMatches}). */
export function readChoiceToken(token: string): { offerId: string; choice: string; sig: string } | undefined {
  const parts = TOKEN.exec(token);
  return parts ? { offerId: parts[1] ?? '', choice: parts[2] ?? '', sig: parts[3] ?? '' } : undefined;
}

/** True when the token's signature is that of its offer, the offer's commitment and its choice (constant time). */
export function linkMatches(token: { offerId: string; choice: string; sig: string }, commitmentId: string): boolean {
  const expected = signature(token.offerId, commitmentId, token.choice);
  const given = Buffer.from(token.sig, 'base64url');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const EVERY: Readonly<Record<number, MessageKey>> = {
  1: 'mail.exit.every.1',
  3: 'mail.exit.every.3',
  12: 'mail.exit.every.12',
};

/** The sponsor's commitment as an offer's email needs it. */
export interface OfferedCommitment {
  readonly id: string;
  readonly donor_name: string | null;
  readonly donor_email: string | null;
  readonly amount_subunits: number | string;
  readonly currency: string;
  readonly interval_months: number;
  /** The language of the sponsorship's page: the email's own words go in it (`en` when left out). */
  readonly language?: Locale;
}

/** The choices part of the email: the waiting children with their links, the link to end, and what happens next. */
function choicesText(
  offer: { id: string; commitment_id: string },
  commitment: OfferedCommitment,
  waiting: readonly WaitingChild[],
  outcome: ExitTemplateOutcome,
): string {
  const t = translator(commitment.language ?? 'en');
  const gift = `${formatMoney(Number(commitment.amount_subunits), commitment.currency)} ${t(EVERY[commitment.interval_months] ?? 'mail.exit.every.1')}`;
  const end = choiceLink(offer, END_CHOICE);
  const parts =
    waiting.length > 0
      ? [
          t(waiting.length === 1 ? 'mail.exit.waitingOne' : 'mail.exit.waitingMany', { gift }),
          '',
          ...waiting.map((child) =>
            t('mail.exit.child', { name: firstName(child.name), age: child.age, link: choiceLink(offer, child.id) }),
          ),
          '',
          t('mail.exit.orEnd', { link: end }),
        ]
      : [t('mail.exit.noneWaiting'), t('mail.exit.end', { link: end })];
  parts.push(
    '',
    outcome === 'notice'
      ? t('mail.exit.noticeNext', { days: EXIT_REMINDER_DAYS, endDays: EXIT_END_DAYS_AFTER_REMINDER })
      : t('mail.exit.reminderNext', { endDays: EXIT_END_DAYS_AFTER_REMINDER }),
  );
  return parts.join('\n');
}

/**
 * Queues the exit email (`notice`) or its reminder to the sponsor of `commitment` on `tx`, from the editable template
 * with the child's first name and the waiting children filled in; the exit's reason is never part of it. False when
 * the sponsor has no address, or the email was queued before.
 */
export async function queueOfferEmail(
  tx: Queryable,
  offer: { id: string; commitment_id: string },
  commitment: OfferedCommitment,
  childName: string,
  waiting: readonly WaitingChild[],
  outcome: ExitTemplateOutcome,
): Promise<boolean> {
  if (!commitment.donor_email) return false;
  const choices = choicesText(offer, commitment, waiting, outcome);
  const t = translator(commitment.language ?? 'en');
  // The template's text is staff's own; the words filled into it follow the sponsor's language.
  const composed = await composeFromTemplate(tx, EXIT_TEMPLATE_KIND, outcome, {
    name: commitment.donor_name ?? t('email.friend'),
    opportunity: firstName(childName),
    subject: t('mail.exit.subject'),
    staffName: UNNAMED_SIGNATURE,
    child: firstName(childName),
    choices,
  });
  if (!composed) return false;
  // Staff may have taken {choices} out of the template: the links still reach the sponsor, after the text.
  const body = composed.body.includes(choices) ? composed.body : `${composed.body}\n\n${choices}`;
  return enqueue(tx, {
    kind: 'message',
    dedupKey: `exit-offer:${outcome}:${offer.id}`,
    source: 'child_exit',
    notice: { subject: composed.subject, body, resource: 'commitments', recordId: commitment.id },
    recipients: [commitment.donor_email],
  });
}

/** An offer with what a page about it says. */
export interface OfferState {
  readonly id: string;
  readonly commitment_id: string;
  readonly choice: ExitChoice;
  readonly moved_to: string | null;
  /** The first name of the child who left. */
  readonly child: string;
  readonly sponsor_name: string | null;
}

/** Offer `id` with its commitment and child, locked on `db` with `lock`. */
export async function offerState(db: Queryable, id: string, lock = false): Promise<OfferState | undefined> {
  const [row] = await db.query<OfferState & { child_name: string }>(
    `select o.id::text as id, o.commitment_id::text as commitment_id, o.choice, o.moved_to, ch.name as child_name,
       c.donor_name as sponsor_name
     from exit_offers o join child_exits x on x.id = o.exit_id join children ch on ch.id = x.child_id
     join commitments c on c.id = o.commitment_id
     where o.id = $1${lock ? ' for update of o' : ''}`,
    [id],
  );
  return row && { ...row, child: firstName(row.child_name) };
}
