/**
 * `/sponsorship-choice/<token>`: the links of the email a sponsor gets when the child they sponsor leaves the
 * programme (netlify/functions/_shared/children/exit-offers.ts). `GET` shows what the link would do with a button and changes
 * nothing, because mail scanners open links; the button's `POST` does it: carries the sponsorship on to the waiting
 * child the link names, or ends it. A malformed link is 400, one whose signature does not match its offer 403, an
 * offer already answered or a child no longer waiting 409, each a plain page that works with JavaScript off.
 */
import type { Config, Context } from '@netlify/functions';
import { nairobiToday } from '../../src/lib/events.ts';
import { firstName } from './_shared/children/child-updates.ts';
import { waitingChildren } from './_shared/children/children.ts';
import { query } from './_shared/platform/db.ts';
import { carryOn, endByChoice, type ChoiceOutcome } from './_shared/children/exit-choices.ts';
import { END_CHOICE, linkMatches, offerState, readChoiceToken } from './_shared/children/exit-offers.ts';
import { escapeHtml, htmlPage, unavailablePage } from './_shared/platform/html-page.ts';
import { methodNotAllowed } from './_shared/platform/http.ts';

const HOME = '<a href="/">Go to the home page</a>';

function problem(status: number, message: string): Response {
  return htmlPage(
    {
      title: status === 409 ? 'This could not be done' : 'This link does not work',
      html: `<p>${escapeHtml(message)}</p>\n${HOME}`,
      tone: 'problem',
    },
    status,
  );
}

function outcomePage(outcome: ChoiceOutcome): Response {
  if (!outcome.ok) return problem(outcome.status, outcome.message);
  return htmlPage({ title: 'Thank you', html: `<p>${escapeHtml(outcome.message)}</p>\n${HOME}`, tone: 'success' }, 200);
}

/** The page a link shows before its button is pressed. */
async function confirmation(token: string, offerId: string, choice: string): Promise<Response> {
  const offer = await offerState({ query }, offerId);
  if (!offer) return problem(404, 'This offer no longer exists.');
  if (offer.choice === 'unanswered') {
    return problem(409, 'This sponsorship has ended, as we had not heard from you. Thank you for all you gave.');
  }
  if (offer.choice !== 'waiting') {
    return problem(409, 'You have already answered this email. Thank you: nothing more is needed.');
  }
  const action = `/sponsorship-choice/${encodeURIComponent(token)}`;
  if (choice === END_CHOICE) {
    return htmlPage(
      {
        title: 'End your sponsorship',
        html: `<p>Press the button to end your sponsorship of ${escapeHtml(offer.child)}. Nothing more will be taken, and we thank you for all you gave.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">End my sponsorship</button></form>`,
        tone: 'success',
        formAction: 'self',
      },
      200,
    );
  }
  const child = (await waitingChildren(10_000, [], nairobiToday())).find((candidate) => candidate.id === choice);
  if (!child) {
    return problem(
      409,
      'This child has just been given a sponsor by someone else, or is no longer waiting. Please choose another child from our email, or end your sponsorship there.',
    );
  }
  const name = firstName(child.name);
  return htmlPage(
    {
      title: `Sponsor ${name}`,
      html: `<p>${escapeHtml(name)}, aged ${child.age}, is waiting for a sponsor. Press the button, and the sponsorship you gave ${escapeHtml(offer.child)} carries on to ${escapeHtml(name)}, at the same amount, from your next payment.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Sponsor ${escapeHtml(name)}</button></form>`,
      tone: 'success',
      formAction: 'self',
    },
    200,
  );
}

/** Handles one view of a link, or one press of its button. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    return methodNotAllowed(['GET', 'POST']);
  }
  const raw = context.params['token'] ?? new URL(req.url).pathname.split('/').pop() ?? '';
  const token = readChoiceToken(raw);
  if (!token) return problem(400, 'This link is not complete. Open it from our email again, or write to us.');
  try {
    const offer = await offerState({ query }, token.offerId);
    if (!offer) return problem(404, 'This offer no longer exists.');
    if (!linkMatches(token, offer.commitment_id)) {
      return problem(403, 'This link is not one we sent. Open it from our email again, or write to us.');
    }
    if (req.method !== 'POST') return await confirmation(raw, token.offerId, token.choice);
    return outcomePage(
      token.choice === END_CHOICE
        ? await endByChoice(token.offerId)
        : await carryOn(token.offerId, token.choice, new Date(), context),
    );
  } catch (failure) {
    console.error('sponsorship-choice: database error', failure);
    return unavailablePage();
  }
};

export const config: Config = { path: '/sponsorship-choice/:token', method: ['GET', 'POST'] };
