/**
 * Donation amounts as the Get Involved donation box and the Donate form read them: presets, the impact
 * ladder, parsing what a visitor types and the success alert. Pure, so it runs in the build and the browser.
 */
import { MIN_DONATION } from '../schemas/options.ts';

export { MIN_DONATION };

/** Amount both donation forms start at, in USD. */
export const DEFAULT_DONATION = 50;

/** Preset amounts of the Get Involved donation box. */
export const GET_INVOLVED_PRESETS = [25, 50, 100] as const;

/** Preset amounts of the Donate page form. */
export const DONATE_PRESETS = [25, 50, 100, 250, 500, 1000] as const;

/** One rung of the impact ladder: what a gift of at least `amount` dollars pays for. */
export type ImpactStep = {
  /** Smallest gift in USD that reaches this step. */
  amount: number;
  /** What that gift pays for. */
  text: string;
};

/** The impact ladder of the Get Involved page, smallest gift first (figures match the causes' impact lines). */
export const IMPACT_LADDER: readonly ImpactStep[] = [
  { amount: 25, text: 'Books, pencils and a school bag for one child' },
  { amount: 50, text: "A child's school supplies for a whole term" },
  { amount: 100, text: 'Clean drinking water for a classroom for a year' },
  { amount: 250, text: 'A safe, dry roof for a family before the long rains' },
];

/** The amount a visitor typed as a number of dollars, or `null` when it is blank, not a number or not positive. */
export function parseAmount(input: string | number): number | null {
  const text = String(input).trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '' || !/^(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i.test(text)) return null;
  const amount = Number(text);
  return Number.isFinite(amount) && amount > 0 ? amount : null;
}

/** True when `amount` reaches the step (at least that step's amount); a blank amount reaches none. */
export function reachesStep(step: ImpactStep, amount: number | null): boolean {
  return amount !== null && amount >= step.amount;
}

/** How many steps of the ladder `amount` reaches. */
export function stepsReached(amount: number | null, ladder: readonly ImpactStep[] = IMPACT_LADDER): number {
  return ladder.filter((step) => reachesStep(step, amount)).length;
}

/** `$50`, `$12.50`, `$1,000`: whole dollars without cents, anything else with two decimals. */
export function formatUsd(amount: number): string {
  const whole = Number.isInteger(amount);
  return `$${amount.toLocaleString('en-US', {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  })}`;
}

/** Donation frequencies of the Donate form. */
export type DonationType = 'one-time' | 'monthly';

/** The donation success alert, e.g. "Redirecting to secure payment portal for your monthly donation of $50. …". */
export function donationAlert(type: DonationType, amount: number): string {
  return `Redirecting to secure payment portal for your ${type} donation of ${formatUsd(amount)}. Thank you for your generosity!`;
}

/** What a screen reader hears after each ladder step, so the highlight is not only a colour. */
export const LADDER_STATE = { reached: 'reached by your gift', open: 'not reached yet' } as const;

/** One line summing up the ladder for `amount`, e.g. "A gift of $100 reaches 3 of 4 steps." */
export function ladderSummary(amount: number | null, ladder: readonly ImpactStep[] = IMPACT_LADDER): string {
  if (amount === null) return 'Enter an amount to see what it does.';
  return `A gift of ${formatUsd(amount)} reaches ${stepsReached(amount, ladder)} of ${ladder.length} steps.`;
}

/** Local-storage key the Donate form keeps the last submission under. */
export const DONATION_STORAGE_KEY = 'donationData';
