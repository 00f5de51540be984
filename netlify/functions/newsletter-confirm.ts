/**
 * `GET /newsletter/confirm?t=<token>`: the link of the confirmation email. Opening it confirms the subscription and
 * lands on /newsletter/confirmed/; a forged, expired or used-up link gets a page saying so, and changes nothing.
 */
import type { Config } from '@netlify/functions';
import { transaction } from './_shared/platform/db.ts';
import { htmlPage } from './_shared/platform/html-page.ts';
import { methodNotAllowed, seeOther } from './_shared/platform/http.ts';
import { confirm, type LinkOutcome } from './_shared/people/newsletter.ts';
import { linkFailure } from './_shared/people/newsletter-pages.ts';

/** Handles one opened confirmation link. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET']);
  const token = new URL(req.url).searchParams.get('t') ?? '';
  let outcome: LinkOutcome;
  try {
    outcome = await transaction((tx) => confirm(tx, token));
  } catch (failure) {
    console.error('newsletter-confirm: database error', failure);
    return linkFailure('unavailable');
  }
  if (outcome === 'done') {
    return seeOther('/newsletter/confirmed/');
  }
  if (outcome === 'gone') {
    return htmlPage(
      {
        title: 'This subscription has ended',
        html: '<p>This address is no longer on our list, so the link does nothing. To receive our news again, sign up in the footer of any page.</p>\n<a href="/">Go to the home page</a>',
        tone: 'problem',
      },
      410,
    );
  }
  return linkFailure(outcome);
};

export const config: Config = { path: '/newsletter/confirm', method: 'GET' };
