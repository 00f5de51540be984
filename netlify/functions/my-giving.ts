/**
 * My giving, for a donor signed in with a one-time link (the donor session cookie; see my-giving-sign-in.ts):
 * - `GET /my-giving/account`: the page of their gifts, receipts and yearly statements, rendered here because it is
 *   one person's; without a live session, 303 to /my-giving/ to sign in;
 * - `GET /my-giving/receipts/:id`: one receipt as a PDF; 404 for a gift that is not theirs;
 * - `GET /my-giving/statements/:year`: the year's statement as a PDF; 404 when they gave nothing that year;
 * - `POST /my-giving/sign-out`: ends the session;
 * - `POST /my-giving/commitments/:id/card`: 303 to Paystack's page to update the card of a card gift or cancel it;
 * - `POST /my-giving/commitments/:id/stop`: stops an M-Pesa monthly gift;
 * - `POST /my-giving/commitments/:id/amount` (`amount`): ends a monthly gift and starts one at the new amount;
 * - `GET /my-giving/news/:update/photos/:n`: a picture of news from a sponsored child, while consent allows it;
 * - `POST /my-giving/sponsorships/:id/news-emails` (`emails` on or off): starts or stops the emails about that news;
 * - `POST /my-giving/sponsorships/:id/letters` (`body`, an optional `photo`; multipart): a letter to the child;
 * - `POST /my-giving/letters/:id/revise` (`body`): the changed text of a letter staff asked to change.
 * A commitment, sponsorship or picture that is not the session's is not found (404).
 * Every answer is plain HTML (or a PDF) that works with JavaScript off, and never cached.
 */
import type { Config } from '@netlify/functions';
import {
  donorCookie,
  donorCookieHeader,
  donorSession,
  endDonorSession,
  isSameSitePost,
} from './_shared/gifts/donor-sessions.ts';
import { ChangeAmountRequest } from '../../src/schemas/my-giving.ts';
import { isFormContentType, readFormBody } from './_shared/platform/form-answer.ts';
import { escapeHtml, htmlPage, unavailablePage } from './_shared/platform/html-page.ts';
import { answer, methodNotAllowed } from './_shared/platform/http.ts';
import { donorLanguage, donorReceipt, donorStatement, myGivingHtml, pdfResponse } from './_shared/gifts/my-giving.ts';
import { translator, type MessageKey } from '../../src/i18n/catalogue.ts';
import { newsHtml } from './_shared/children/my-giving-news.ts';
import { setNewsEmails, sponsorPhotoPath } from './_shared/children/child-updates.ts';
import {
  MAX_LETTER_PHOTO_BYTES,
  reviseLetter,
  writeLetter,
  type LetterOutcome,
} from './_shared/children/sponsor-letters.ts';
import { LetterSchema } from '../../src/schemas/letters.ts';
import { readUpload } from './_shared/content/uploads.ts';
import {
  changeCommitmentAmount,
  commitmentsHtml,
  donorCommitment,
  stopCommitment,
} from './_shared/gifts/my-giving-commitments.ts';
import { paystackConfig, PaystackError, subscriptionManageLink } from './_shared/gifts/paystack.ts';

const SIGN_IN_PAGE = '/my-giving/';

/** 303 to `location`, never cached, with `headers` (a cookie to set or clear). */
function seeOther(location: string, headers: Record<string, string> = {}): Response {
  return answer(null, 303, { Location: location, 'Cache-Control': 'no-store', ...headers });
}

function notFound(what: string): Response {
  return htmlPage(
    {
      title: `No such ${what}`,
      html: `<p>There is no ${what} at this address among your gifts.</p>\n<a href="/my-giving/account">Back to My giving</a>`,
      tone: 'problem',
    },
    404,
  );
}

/** Handles one request of a signed-in donor. */
export default async (req: Request): Promise<Response> => {
  const path = new URL(req.url).pathname.replace(/\/+$/, '');
  try {
    const session = await donorSession(donorCookie(req));
    if (path === '/my-giving/sign-out') {
      if (req.method !== 'POST') return methodNotAllowed(['POST']);
      if (session && isSameSitePost(req)) await endDonorSession(session);
      return seeOther(SIGN_IN_PAGE, { 'Set-Cookie': donorCookieHeader(req, null) });
    }
    const action = /^\/my-giving\/commitments\/([^/]+)\/([a-z]+)$/.exec(path);
    if (action) {
      if (req.method !== 'POST') return methodNotAllowed(['POST']);
      if (!session) return seeOther(SIGN_IN_PAGE);
      if (!isSameSitePost(req)) return problem(403, 'This request did not come from your My giving page.');
      return await commitmentAction(req, session.email, action[1] ?? '', action[2] ?? '');
    }
    const sponsorAction = /^\/my-giving\/(sponsorships|letters)\/([^/]+)\/(news-emails|letters|revise)$/.exec(path);
    if (sponsorAction) {
      if (req.method !== 'POST') return methodNotAllowed(['POST']);
      if (!session) return seeOther(SIGN_IN_PAGE);
      if (!isSameSitePost(req)) return problem(403, 'This request did not come from your My giving page.');
      const [, kind, id = '', what] = sponsorAction;
      if (!/^[1-9][0-9]{0,18}$/.test(id)) return problem(404, 'There is no such sponsorship or letter among yours.');
      if (kind === 'sponsorships' && what === 'news-emails') return await changeNewsEmails(req, session.email, id);
      if (kind === 'sponsorships' && what === 'letters') return await sendLetter(req, session.email, id);
      if (kind === 'letters' && what === 'revise') return await sendChangedLetter(req, session.email, id);
      return problem(404, 'There is no such action.');
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET']);
    if (!session) return seeOther(SIGN_IN_PAGE);
    const receipt = /^\/my-giving\/receipts\/([^/]+)$/.exec(path);
    if (receipt) {
      const file = await donorReceipt(session.email, receipt[1] ?? '');
      return file ? pdfResponse(file) : notFound('receipt');
    }
    const statement = /^\/my-giving\/statements\/([^/]+)$/.exec(path);
    if (statement) {
      const file = await donorStatement(session.email, statement[1] ?? '');
      return file ? pdfResponse(file) : notFound('statement');
    }
    const photo = /^\/my-giving\/news\/([1-9][0-9]{0,18})\/photos\/([0-9])$/.exec(path);
    if (photo) return await newsPhoto(session.email, photo[1] ?? '', Number(photo[2]));
    // The page is in the language of the donor's latest gift.
    const language = await donorLanguage(session.email);
    const t = translator(language);
    const done = NOTICES[new URL(req.url).searchParams.get('done') ?? ''];
    const sections = [...(done ? [`<p role="status"><strong>${escapeHtml(t(done))}</strong></p>`] : [])];
    sections.push(await commitmentsHtml(session.email, new Date(), language), await newsHtml(session.email, language));
    return htmlPage(
      {
        title: t('myGiving.title'),
        html: await myGivingHtml(session.email, sections, language),
        language,
        tone: 'success',
        formAction: 'self',
        formTargets: manageTargets(),
        wide: true,
        images: true,
      },
      200,
    );
  } catch (failure) {
    console.error('my-giving: database error', failure);
    return unavailablePage();
  }
};

export const config: Config = {
  path: [
    '/my-giving/account',
    '/my-giving/receipts/:id',
    '/my-giving/statements/:year',
    '/my-giving/sign-out',
    '/my-giving/commitments/:id/:action',
    '/my-giving/news/:update/photos/:n',
    '/my-giving/sponsorships/:id/news-emails',
    '/my-giving/sponsorships/:id/letters',
    '/my-giving/letters/:id/revise',
  ],
};

/** What the page says after an action, by the `done` its redirect names (never text from the address itself). */
const NOTICES: Readonly<Record<string, MessageKey>> = {
  stopped: 'myGiving.account.stopped',
  'news-off': 'myGiving.account.newsOff',
  'news-on': 'myGiving.account.newsOn',
  'letter-sent': 'myGiving.account.letterSent',
  changed: 'myGiving.account.changed',
};

/** Where Paystack's own page for a card subscription may be: Paystack, or its stand-in where the API points. */
function manageTargets(): string[] {
  const config = paystackConfig();
  return [...new Set(['https://paystack.com', ...(config ? [new URL(config.apiUrl).origin] : [])])];
}

function problem(status: number, message: string): Response {
  return htmlPage(
    {
      title: status === 404 ? 'No such monthly gift' : 'This could not be done',
      html: `<p>${escapeHtml(message)} Nothing has changed.</p>\n<a href="/my-giving/account">Back to My giving</a>`,
      tone: 'problem',
    },
    status,
  );
}

/** One press of a commitment's button: update the card or cancel, stop, or change the amount. */
async function commitmentAction(req: Request, email: string, id: string, action: string): Promise<Response> {
  if (action === 'card') {
    const commitment = await donorCommitment(email, id);
    if (!commitment || commitment.method !== 'card' || !commitment.subscription_code) {
      return problem(404, 'There is no such card gift among yours.');
    }
    const config = paystackConfig();
    if (!config) return problem(503, 'Card gifts cannot be managed just now; please try again later.');
    try {
      return seeOther(await subscriptionManageLink(config, commitment.subscription_code));
    } catch (failure) {
      if (!(failure instanceof PaystackError)) throw failure;
      console.error('my-giving: Paystack gave no manage link:', failure.message);
      return problem(502, 'Paystack’s page could not be opened just now; please try again in a few minutes.');
    }
  }
  if (action === 'stop') {
    const outcome = await stopCommitment(email, id);
    return outcome.ok ? seeOther('/my-giving/account?done=stopped') : problem(outcome.status, outcome.message);
  }
  if (action === 'amount') {
    const form = isFormContentType(req.headers.get('content-type')) ? await readFormBody(req) : undefined;
    const parsed = ChangeAmountRequest.safeParse(form?.status === 'ok' ? Object.fromEntries(form.fields) : {});
    if (!parsed.success) return problem(400, parsed.error.issues[0]?.message ?? 'Enter the new amount.');
    const outcome = await changeCommitmentAmount(email, id, parsed.data.amount);
    return outcome.ok ? seeOther('/my-giving/account?done=changed') : problem(outcome.status, outcome.message);
  }
  return problem(404, 'There is no such action.');
}

/** A picture of news the session's sponsor may see today, never cached anywhere but their own browser. */
async function newsPhoto(email: string, updateId: string, index: number): Promise<Response> {
  const [, id, name] = /^\/media\/([^/]+)\/([^/]+)$/.exec((await sponsorPhotoPath(email, updateId, index)) ?? '') ?? [];
  const file = id && name ? await readUpload(id, name) : undefined;
  if (!file) return notFound('picture');
  return answer(new Uint8Array(file.data), 200, {
    'Content-Type': file.content_type,
    'Cache-Control': 'private, no-store',
    'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  });
}

/** The sponsor's press of "Stop emails about …" or "Email me when there is news …". */
async function changeNewsEmails(req: Request, email: string, id: string): Promise<Response> {
  const form = isFormContentType(req.headers.get('content-type')) ? await readFormBody(req) : undefined;
  const emails = form?.status === 'ok' ? new Map(form.fields).get('emails') : undefined;
  if (emails !== 'on' && emails !== 'off') return problem(400, 'Choose whether to get the emails.');
  if (!(await setNewsEmails(email, id, emails === 'on'))) {
    return problem(404, 'There is no such sponsorship among yours.');
  }
  return seeOther(`/my-giving/account?done=news-${emails}`);
}

/** The page after writing a letter: back to My giving, or what is wrong with the letter. */
function letterAnswer(outcome: LetterOutcome): Response {
  return outcome.ok ? seeOther('/my-giving/account?done=letter-sent') : problem(outcome.status, outcome.message);
}

/**
 * A letter posted from My giving: multipart with its text and an optional photo (the form's own encoding, JavaScript
 * off), or form-encoded text alone. A body larger than the photo allows is refused before it is read.
 */
async function sendLetter(req: Request, email: string, sponsorshipId: string): Promise<Response> {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_LETTER_PHOTO_BYTES + 64 * 1024) {
    return problem(413, 'The photo is larger than 4 MB, the most a letter can carry.');
  }
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return problem(400, 'Send the letter from your My giving page.');
  }
  const text = form.get('body');
  const parsed = LetterSchema.safeParse({ body: typeof text === 'string' ? text : '' });
  if (!parsed.success) return problem(400, parsed.error.issues[0]?.message ?? 'Write your letter.');
  const photo = form.get('photo');
  const bytes = photo instanceof File && photo.size > 0 ? new Uint8Array(await photo.arrayBuffer()) : undefined;
  return letterAnswer(await writeLetter(email, sponsorshipId, parsed.data.body, bytes));
}

/** The changed text of a letter staff asked the sponsor to change. */
async function sendChangedLetter(req: Request, email: string, id: string): Promise<Response> {
  const form = isFormContentType(req.headers.get('content-type')) ? await readFormBody(req) : undefined;
  const parsed = LetterSchema.safeParse({ body: form?.status === 'ok' ? new Map(form.fields).get('body') : '' });
  if (!parsed.success) return problem(400, parsed.error.issues[0]?.message ?? 'Write your letter.');
  return letterAnswer(await reviseLetter(email, id, parsed.data.body));
}
