/**
 * How a supporter pays an M-Pesa commitment each period: to the charity's Paybill with the commitment's own account
 * number, by an M-Pesa Ratiba standing order or by hand. One wording for the receipt email, the reminder, the
 * thank-you page and My giving.
 */

/** The instructions for one account, as short steps a page lists and an email prints. */
export interface MpesaInstructions {
  /** The Paybill (business) number. */
  readonly paybill: string;
  /** The commitment's account number. */
  readonly account: string;
  /** Setting up an M-Pesa Ratiba standing order once. */
  readonly ratiba: readonly string[];
  /** Paying one period by hand. */
  readonly byHand: readonly string[];
}

/** The steps for paying `account` at `paybill` each month (or each `period`). */
export function mpesaInstructions(paybill: string, account: string, period = 'month'): MpesaInstructions {
  return {
    paybill,
    account,
    ratiba: [
      'Open M-Pesa, choose Ratiba (standing order), then Pay Bill.',
      `Business number ${paybill}, account number ${account}.`,
      `Enter your ${period}ly amount, choose every ${period} and the day you want it to go, and confirm with your PIN.`,
    ],
    byHand: [
      'Open M-Pesa, choose Lipa na M-Pesa, then Pay Bill.',
      `Business number ${paybill}, account number ${account}.`,
      'Enter the amount and confirm with your PIN.',
    ],
  };
}

/** The instructions as plain text for an email. */
export function mpesaInstructionsText(instructions: MpesaInstructions): string {
  const list = (steps: readonly string[]) => steps.map((step, i) => `  ${i + 1}. ${step}`).join('\n');
  return [
    `Your M-Pesa account number: ${instructions.account} (Paybill ${instructions.paybill}).`,
    'Use this account number for every payment, so it counts towards your commitment.',
    '',
    'Set it up once with an M-Pesa Ratiba standing order:',
    list(instructions.ratiba),
    '',
    'Or pay each time by hand:',
    list(instructions.byHand),
  ].join('\n');
}
