/**
 * Signing in to My giving without a password:
 * - `POST /api/my-giving/link` (the form of /my-giving/, or JSON `{email, language}`): emails a one-time sign-in link
 *   when gifts carry the address, in the language of the page it was asked from; the answer is the same for a known
 *   and an unknown address (a form post lands on /my-giving/sent/, /sw/my-giving/sent/ from a Kiswahili page).
 *   Limited per client and per address: 429 beyond.
 * - `GET /my-giving/sign-in?email=&token=`: the link. It changes nothing (mail scanners open links): a page with one
 *   button, or why the link cannot be used.
 * - `POST /my-giving/sign-in?email=&token=`: the button. Uses the link up and starts a donor session (its cookie), then
 *   303 to /my-giving/account. A forged, expired, used or altered link is refused, and nothing changes.
 */
import type { Config, Context } from '@netlify/functions';
import { localePath } from '../../src/i18n/paths.ts';
import { myGivingLinkRequest } from '../../src/schemas/my-giving.ts';
import { clientId } from './_shared/client.ts';
import { transaction } from './_shared/db.ts';
import {
  describeSignInLink,
  donorCookieHeader,
  isSameSitePost,
  LINK_MINUTES,
  linkAllowance,
  sendSignInLink,
  SIGN_IN_PATH,
  useSignInLink,
  type LinkRefusal,
} from './_shared/donor-sessions.ts';
import { readSmallRequest } from './_shared/form-answer.ts';
import { escapeHtml, htmlPage, unavailablePage } from './_shared/html-page.ts';
import { answer, json, methodNotAllowed, seeOther, tooManyRequests } from './_shared/http.ts';
import { deliverAfterResponse } from './_shared/outbox.ts';

const SENT_PAGE = '/my-giving/sent/';
const ASK_AGAIN = '<a href="/my-giving/">Ask for a new link</a>';

/** Handles one request for a link, one opened link, or one press of its button. */
export default async (req: Request, context: Context): Promise<Response> => {
  const path = new URL(req.url).pathname.replace(/\/+$/, '');
  try {
    if (path === SIGN_IN_PATH) {
      if (req.method === 'GET' || req.method === 'HEAD') return await showLink(req);
      if (req.method === 'POST') return await signIn(req);
      return methodNotAllowed(['GET', 'POST']);
    }
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    return await askForLink(req, context);
  } catch (failure) {
    console.error('my-giving-sign-in: database error', failure);
    return unavailablePage();
  }
};

export const config: Config = { path: ['/api/my-giving/link', '/my-giving/sign-in'] };

async function askForLink(req: Request, context: Context): Promise<Response> {
  const read = await readSmallRequest(req, myGivingLinkRequest, '/my-giving/');
  if (read instanceof Response) return read;
  const {
    data: { email, language },
    fromForm,
  } = read;
  const allowance = await linkAllowance(clientId(context), email);
  if (!allowance.allowed) {
    if (!fromForm) return tooManyRequests(allowance.retryAfterSeconds);
    const minutes = Math.ceil(allowance.retryAfterSeconds / 60);
    return htmlPage(
      {
        title: 'Too many links asked for',
        html: `<p>Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before asking for another link. A link already sent still works for ${LINK_MINUTES} minutes.</p>\n<a href="/my-giving/">Back to My giving</a>`,
        tone: 'problem',
      },
      429,
      { 'Retry-After': String(allowance.retryAfterSeconds) },
    );
  }
  await transaction((tx) => sendSignInLink(tx, email, new Date(), language));
  deliverAfterResponse(context);
  if (fromForm) {
    return seeOther(localePath(language, SENT_PAGE));
  }
  return json({ ok: true }, 202);
}

/** The link's address and secret as the URL carries them. */
function linkOf(req: Request): { email: string; token: string } {
  const params = new URL(req.url).searchParams;
  return { email: params.get('email') ?? '', token: params.get('token') ?? '' };
}

const REFUSALS: Record<LinkRefusal, { status: number; title: string; body: string }> = {
  malformed: {
    status: 400,
    title: 'This link is not complete',
    body: 'The link is missing part of its address; mail programs sometimes cut long links. Copy the whole link from the email into the address bar.',
  },
  forged: {
    status: 400,
    title: 'This link is not valid',
    body: 'The link does not match any email we sent. Nothing has changed.',
  },
  'other-address': {
    status: 400,
    title: 'This link is for another address',
    body: 'A sign-in link works only for the address it was sent to. Nothing has changed.',
  },
  expired: {
    status: 410,
    title: 'This link has expired',
    body: `Sign-in links work for ${LINK_MINUTES} minutes. Ask for a new one and open it soon after it arrives.`,
  },
  used: {
    status: 410,
    title: 'This link has been used',
    body: 'Each sign-in link works once. Ask for a new one to sign in again.',
  },
};

function refusal(reason: LinkRefusal): Response {
  const { status, title, body } = REFUSALS[reason];
  return htmlPage({ title, html: `<p>${body}</p>\n${ASK_AGAIN}`, tone: 'problem' }, status);
}

async function showLink(req: Request): Promise<Response> {
  const link = linkOf(req);
  const check = await describeSignInLink(link);
  if (!check.ok) return refusal(check.reason);
  const action = `${SIGN_IN_PATH}?${new URLSearchParams(link)}`;
  return htmlPage(
    {
      title: 'Sign in to My giving',
      html: `<p>Press the button to see the gifts given from <strong>${escapeHtml(check.email)}</strong>.</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">Sign in</button></form>`,
      tone: 'success',
      formAction: 'self',
    },
    200,
  );
}

async function signIn(req: Request): Promise<Response> {
  if (!isSameSitePost(req)) {
    return htmlPage(
      {
        title: 'Please sign in from the link itself',
        html: `<p>This request did not come from our sign-in page. Nothing has changed.</p>\n${ASK_AGAIN}`,
        tone: 'problem',
      },
      403,
    );
  }
  const used = await transaction((tx) => useSignInLink(tx, linkOf(req)));
  if (!used.ok) return refusal(used.reason);
  return answer(null, 303, {
    Location: '/my-giving/account',
    'Cache-Control': 'no-store',
    'Set-Cookie': donorCookieHeader(req, used.secret),
  });
}
