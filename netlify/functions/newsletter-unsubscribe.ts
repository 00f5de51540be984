/**
 * `/newsletter/unsubscribe?t=<token>`, the link every newsletter email carries (List-Unsubscribe). `POST`
 * unsubscribes at once, with no sign-in and no cookie: a mail program's one-click request (RFC 8058, body
 * `List-Unsubscribe=One-Click`) or the button of the page that `GET` shows. `GET` changes nothing, because link
 * scanners open links.
 */
import type { Config } from '@netlify/functions';
import { query, transaction } from './_shared/platform/db.ts';
import { escapeHtml, htmlPage } from './_shared/platform/html-page.ts';
import { methodNotAllowed } from './_shared/platform/http.ts';
import { checkUnsubscribeToken, unsubscribe, UNSUBSCRIBE_PATH, type LinkOutcome } from './_shared/people/newsletter.ts';
import { linkFailure } from './_shared/people/newsletter-pages.ts';

/** Handles one unsubscribe request or page view. */
export default async (req: Request): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'POST') {
    return methodNotAllowed(['GET', 'POST']);
  }
  const token = new URL(req.url).searchParams.get('t') ?? '';
  let outcome: LinkOutcome;
  try {
    outcome =
      req.method === 'POST'
        ? await transaction((tx) => unsubscribe(tx, token))
        : await checkUnsubscribeToken({ query }, token);
  } catch (failure) {
    console.error('newsletter-unsubscribe: database error', failure);
    return linkFailure('unavailable');
  }
  if (outcome === 'gone') outcome = 'done';
  if (outcome !== 'done') return linkFailure(outcome);
  if (req.method === 'POST') {
    return htmlPage(
      {
        title: 'You are unsubscribed',
        html: '<p>We will send no more news to this address. Changed your mind? Sign up again in the footer of any page.</p>\n<a href="/">Go to the home page</a>',
        tone: 'success',
      },
      200,
    );
  }
  const action = `${UNSUBSCRIBE_PATH}?t=${encodeURIComponent(token)}`;
  return htmlPage(
    {
      title: 'Unsubscribe from our news',
      html: `<p>Press the button to stop receiving news from Tumaini Children's Foundation at this address.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Unsubscribe</button></form>`,
      tone: 'success',
      formAction: 'self',
    },
    200,
  );
};

export const config: Config = { path: '/newsletter/unsubscribe', method: ['GET', 'POST'] };
