/** Payloads of My giving, the donors' own page: asking for a sign-in link, changing a monthly gift's amount. */
import { z } from 'zod';
import { emailAddress, formLanguage } from './track.ts';

/** `POST /api/my-giving/link`: email me a link to sign in to My giving. */
export const myGivingLinkRequest = z.object({
  /**
   * The address on the donor's gifts; a link is sent only when gifts carry it.
   * @example "amina@example.org"
   */
  email: emailAddress,
  /**
   * The language of the page it was asked from (`en` or `sw`), that of the email; English when left out.
   * @example "sw"
   */
  language: formLanguage,
});
export type MyGivingLinkRequest = z.infer<typeof myGivingLinkRequest>;

/** `POST /my-giving/commitments/:id/amount`: the new amount of a monthly gift, in its currency's units. */
export const ChangeAmountRequest = z.object({
  /**
   * The new amount each period, in the commitment's currency (dollars or shillings).
   * @example "25"
   */
  amount: z.coerce
    .number('Enter the new amount as a number')
    .positive('Enter an amount above 0')
    .max(10_000_000, 'Enter a smaller amount'),
});
export type ChangeAmountRequest = z.infer<typeof ChangeAmountRequest>;
