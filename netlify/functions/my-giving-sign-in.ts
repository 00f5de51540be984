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
import { localeOr, translate, translator, type Locale, type MessageKey } from '../../src/i18n/catalogue.ts';
import { localePath } from '../../src/i18n/paths.ts';
import { myGivingLinkRequest } from '../../src/schemas/my-giving.ts';
import { clientId } from './_shared/platform/client.ts';
import { transaction } from './_shared/platform/db.ts';
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
} from './_shared/gifts/donor-sessions.ts';
import { readSmallRequest } from './_shared/platform/form-answer.ts';
import { escapeHtml, htmlPage, sentenceHtml, unavailablePage } from './_shared/platform/html-page.ts';
import { answer, json, methodNotAllowed, seeOther, tooManyRequests } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';

const SENT_PAGE = '/my-giving/sent/';

/** The link back to the form that asks for a link, in `language`. */
const askAgain = (language: Locale) =>
  `<a href="${localePath(language, '/my-giving/')}">${escapeHtml(translate(language, 'signIn.askAgain'))}</a>`;

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
    const t = translator(language);
    const wait = t(minutes === 1 ? 'signIn.waitOne' : 'signIn.wait', { minutes, linkMinutes: LINK_MINUTES });
    return htmlPage(
      {
        title: t('signIn.tooMany'),
        html: `<p>${escapeHtml(wait)}</p>\n<a href="${localePath(language, '/my-giving/')}">${escapeHtml(t('signIn.back'))}</a>`,
        tone: 'problem',
        language,
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

/** The language the link's pages speak: the one its email was written in (`lang`), English without. */
function languageOfLink(req: Request): Locale {
  return localeOr(new URL(req.url).searchParams.get('lang'));
}

/** Each refusal's status and its title and text in the catalogues (`signIn.<reason>.title`, `.body`). */
const REFUSALS: Record<LinkRefusal, { status: number; words: string }> = {
  malformed: { status: 400, words: 'signIn.malformed' },
  forged: { status: 400, words: 'signIn.forged' },
  'other-address': { status: 400, words: 'signIn.otherAddress' },
  expired: { status: 410, words: 'signIn.expired' },
  used: { status: 410, words: 'signIn.used' },
};

function refusal(reason: LinkRefusal, language: Locale): Response {
  const { status, words } = REFUSALS[reason];
  const t = translator(language);
  const title = t(`${words}.title` as MessageKey);
  const body = t(`${words}.body` as MessageKey, { minutes: LINK_MINUTES });
  return htmlPage(
    { title, html: `<p>${escapeHtml(body)}</p>\n${askAgain(language)}`, tone: 'problem', language },
    status,
  );
}

async function showLink(req: Request): Promise<Response> {
  const link = linkOf(req);
  const language = languageOfLink(req);
  const check = await describeSignInLink(link);
  if (!check.ok) return refusal(check.reason, language);
  const t = translator(language);
  const action = `${SIGN_IN_PATH}?${new URLSearchParams({ ...link, ...(language === 'en' ? {} : { lang: language }) })}`;
  const press = sentenceHtml(t, 'signIn.press', { email: `<strong>${escapeHtml(check.email)}</strong>` });
  return htmlPage(
    {
      title: t('signIn.title'),
      html: `<p>${press}</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit">${escapeHtml(t('signIn.button'))}</button></form>`,
      tone: 'success',
      formAction: 'self',
      language,
    },
    200,
  );
}

async function signIn(req: Request): Promise<Response> {
  const language = languageOfLink(req);
  if (!isSameSitePost(req)) {
    const t = translator(language);
    return htmlPage(
      {
        title: t('signIn.crossSite.title'),
        html: `<p>${escapeHtml(t('signIn.crossSite.body'))}</p>\n${askAgain(language)}`,
        tone: 'problem',
        language,
      },
      403,
    );
  }
  const used = await transaction((tx) => useSignInLink(tx, linkOf(req)));
  if (!used.ok) return refusal(used.reason, language);
  return answer(null, 303, {
    Location: '/my-giving/account',
    'Cache-Control': 'no-store',
    'Set-Cookie': donorCookieHeader(req, used.secret),
  });
}
