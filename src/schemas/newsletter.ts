/** Payloads of the newsletter's public calls besides signing up (which goes through the track function). */
import { z } from 'zod';
import { emailAddress } from './track.ts';

/** `POST /api/newsletter/unsubscribe-link`: email me a link to leave the list. */
export const unsubscribeLinkRequest = z.object({
  /**
   * The address to send the link to, if it is on the list.
   * @example "amina@example.org"
   */
  email: emailAddress,
});
export type UnsubscribeLinkRequest = z.infer<typeof unsubscribeLinkRequest>;
