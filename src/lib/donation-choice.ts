/**
 * A donation's choices as an address carries them (`/donate/?amount=100&type=monthly&cause=water`): read by the
 * Donate form when it wakes up and by the function that answers the page without JavaScript, written back by the
 * form as the visitor changes them. Free of option lists, so the Donate page ships only what it uses.
 */
import { DONATE_PRESETS, MIN_DONATION, parseAmount, type DonationType } from './donation.ts';

/** A donation as chosen so far: how often, for which cause, how much (as typed or picked). */
export type DonationChoice = { type?: DonationType; cause?: string; amount?: string };

/** The address parameters of a donation choice, read by `donationChoice`: the Donate form hydrates at once for one. */
export const DONATION_QUERY = ['amount', 'type', 'cause'];

/**
 * The choices an address carries: a known frequency, a cause's id (a short slug: the form ignores one it does not
 * offer), an amount of at least the minimum. Anything else is left out.
 */
export function donationChoice(query: URLSearchParams): DonationChoice {
  const type = query.get('type');
  const cause = query.get('cause') ?? '';
  const amount = parseAmount(query.get('amount') ?? '');
  const choice: DonationChoice = {};
  if (type === 'one-time' || type === 'monthly') choice.type = type;
  if (/^[a-z-]{1,40}$/.test(cause)) choice.cause = cause;
  if (amount !== null && amount >= MIN_DONATION) choice.amount = String(amount);
  return choice;
}

/** The address query of a choice, for the Donate page (`/donate/?…`). */
export function donationQuery(choice: DonationChoice): URLSearchParams {
  const query = new URLSearchParams();
  if (choice.amount) query.set('amount', choice.amount);
  if (choice.type) query.set('type', choice.type);
  if (choice.cause) query.set('cause', choice.cause);
  return query;
}

/**
 * The Donate form's fields for a choice: a preset amount checks its radio, any other fills the typed amount and
 * checks no preset (an empty `amount`).
 */
export function donationFormFields(choice: DonationChoice): [string, string][] {
  const fields: [string, string][] = [];
  if (choice.type) fields.push(['type', choice.type]);
  if (choice.cause) fields.push(['cause', choice.cause]);
  if (choice.amount) {
    const preset = DONATE_PRESETS.some((value) => String(value) === choice.amount);
    if (preset) fields.push(['amount', choice.amount]);
    else fields.push(['amount', ''], ['customAmount', choice.amount]);
  }
  return fields;
}
