/**
 * How a supporter pays an M-Pesa commitment each period: to the charity's Paybill with the commitment's own account
 * number, by an M-Pesa Ratiba standing order or by hand. One wording for the receipt email, the reminder, the
 * thank-you page and My giving, in the catalogues' words of the supporter's language.
 */
import { translator, type Locale } from '../i18n/catalogue.ts';

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

/** The steps for paying `account` at `paybill` each month (or each `period`), in `language`. */
export function mpesaInstructions(
  paybill: string,
  account: string,
  period = 'month',
  language: Locale = 'en',
): MpesaInstructions {
  const t = translator(language);
  const business = t('mail.mpesa.business', { paybill, account });
  return {
    paybill,
    account,
    ratiba: [t('mail.mpesa.ratibaOpen'), business, t('mail.mpesa.ratibaAmount', { period })],
    byHand: [t('mail.mpesa.byHandOpen'), business, t('mail.mpesa.byHandAmount')],
  };
}

/** The instructions as plain text for an email, in `language`. */
export function mpesaInstructionsText(instructions: MpesaInstructions, language: Locale = 'en'): string {
  const t = translator(language);
  const list = (steps: readonly string[]) => steps.map((step, i) => `  ${i + 1}. ${step}`).join('\n');
  return [
    t('mail.mpesa.account', { account: instructions.account, paybill: instructions.paybill }),
    t('mail.mpesa.useAccount'),
    '',
    t('mail.mpesa.ratibaIntro'),
    list(instructions.ratiba),
    '',
    t('mail.mpesa.byHandIntro'),
    list(instructions.byHand),
  ].join('\n');
}
