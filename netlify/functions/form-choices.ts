/**
 * Pages that carry a visitor's choices without JavaScript (the static pages read them from the address only with
 * a script):
 * - `GET /api/choose/donation?amount=&type=&cause=`: the Donate page with those choices made (the Get Involved
 *   donation box posts here);
 * - `GET /api/choose/sponsorship?type=&child=`: the Sponsor page with that sponsorship type chosen on its cards and in
 *   every child's form, and that child's form open (the Get Involved sponsorship chooser and the cards' "Choose This
 *   Option" post here);
 * - `GET /api/choose/volunteer?opportunity=`: the Volunteer page with the application open on that role (a role's
 *   "Apply Now" and "Apply for This Role" post here);
 * - `GET /api/sent/<form>?amount=&frequency=&cause=&child_id=&sponsorship_type=`: a gift form's success page whose
 *   "Continue to secure payment" link carries every choice (a plain post of the form is sent here).
 * When the page cannot be loaded, a 303 leads to the static page instead. Each takes `language=sw` for the page in
 * Kiswahili (a form on a /sw/ page sends it).
 */
import type { Config, Context } from '@netlify/functions';
import { donationChoice, donationFormFields } from '../../src/lib/donation-choice.ts';
import { FORMS } from '../../src/lib/form-pages.ts';
import { PAYMENT_QUERY } from '../../src/lib/payment.ts';
import { localeOr } from '../../src/i18n/catalogue.ts';
import { localePath } from '../../src/i18n/paths.ts';
import { DONATION_CAUSES, SPONSORSHIP_TYPES } from '../../src/schemas/options.ts';
import type { TrackType } from '../../src/schemas/track.ts';
import { fetchPage } from './_shared/platform/form-answer.ts';
import { formPageWith, formsPageWith, withLinkQuery, type SentField } from './_shared/platform/form-page.ts';
import { answer, error, methodNotAllowed, seeOther } from './_shared/platform/http.ts';

/** The forms whose page can open with choices made, by slug, with the fields a query sets. */
const CHOOSABLE: Record<string, { type: TrackType; fields: (query: URLSearchParams) => [string, string][] }> = {
  donation: {
    type: 'donation_intent',
    fields: (query) => {
      const { cause, ...choice } = donationChoice(query);
      const known = DONATION_CAUSES.find((id) => id === cause);
      return donationFormFields(known ? { ...choice, cause: known } : choice);
    },
  },
  volunteer: {
    type: 'volunteer_application',
    fields: (query) => {
      const role = query.get('opportunity') ?? '';
      // A role's id is a short slug; the page's select ignores one it does not list.
      return /^[a-z0-9-]{1,60}$/.test(role) ? [['opportunity', role]] : [];
    },
  },
};

/** The Sponsor page with the type (and child) a query chose; undefined when the page has no sponsorship form. */
function sponsorPage(html: string, query: URLSearchParams): string | undefined {
  const type = SPONSORSHIP_TYPES.find((id) => id === query.get('type'));
  const child = query.get('child') ?? '';
  const open: SentField | undefined = /^[a-z0-9-]{1,60}$/.test(child) ? ['childId', child] : undefined;
  return formsPageWith(html, 'sponsorship_application', type ? [['sponsorshipType', type]] : [], {
    open,
    pressed: type ? { attribute: 'data-choose', value: type } : undefined,
  });
}

/** The gift forms whose success page links to the payment page. */
const PAID: Record<string, TrackType> = { donation: 'donation_intent', sponsorship: 'sponsorship_application' };

/** The choices a payment link may carry (never the campaign or source, which the page sets). */
const CHOICE_PARAMETERS: readonly string[] = [
  PAYMENT_QUERY.amount,
  PAYMENT_QUERY.frequency,
  PAYMENT_QUERY.cause,
  PAYMENT_QUERY.childId,
  PAYMENT_QUERY.sponsorshipType,
];

/** Longest value of one choice. */
const MAX_CHOICE_LENGTH = 100;

/** Answers one page request. */
export default async (req: Request, context: Context): Promise<Response> => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(['GET', 'HEAD']);
  const url = new URL(req.url);
  const slug = context.params['form'] ?? '';
  const inLanguage = (path: string) => localePath(localeOr(url.searchParams.get('language')), path);
  if (url.pathname === '/api/choose/sponsorship') {
    const page = inLanguage(FORMS.sponsorship_application.page);
    const html = await fetchPage(new URL(page, url.origin));
    const filled = html && sponsorPage(html, url.searchParams);
    return filled ? htmlAnswer(filled) : seeOther(`${page}${url.search}`);
  }
  if (url.pathname.startsWith('/api/choose/')) {
    const form = CHOOSABLE[slug];
    if (!form) return error(404, 'No such form');
    const page = inLanguage(FORMS[form.type].page);
    const html = await fetchPage(new URL(page, url.origin));
    const filled = html && formPageWith(html, form.type, form.fields(url.searchParams));
    if (!filled) return seeOther(`${page}${url.search}`);
    return htmlAnswer(filled);
  }
  const type = PAID[slug];
  if (!type) return error(404, 'No such form');
  const page = inLanguage(`/sent/${FORMS[type].slug}/`);
  const choices = new URLSearchParams();
  for (const name of CHOICE_PARAMETERS) {
    const value = url.searchParams.get(name)?.trim();
    if (value && value.length <= MAX_CHOICE_LENGTH) choices.set(name, value);
  }
  const html = await fetchPage(new URL(page, url.origin));
  if (!html) return seeOther(page);
  return htmlAnswer(withLinkQuery(html, 'data-payment', choices));
};

export const config: Config = { path: ['/api/choose/:form', '/api/sent/:form'] };

function htmlAnswer(html: string): Response {
  // The page brings its own policy (a meta tag with its scripts' and styles' hashes); this adds framing.
  return answer(html, 200, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "frame-ancestors 'none'",
  });
}
