/**
 * Answers to a plain HTML form post (JavaScript off, or pressed before the page's script ran): a 303 to the
 * form's success page, or, when the form cannot be accepted, the form's own page again with every value the
 * visitor sent and each message beside its field (./form-page.ts). Only when that page cannot be had does a small
 * page list what to fix, with a same-site link back (to the page the visitor came from: a link their browser may
 * follow, never an address this server fetches).
 */
import { FORMS, formIn } from '../../../../src/lib/form-pages.ts';
import { LANGUAGE_FIELD } from '../../../../src/lib/forms.ts';
import { localeOr, translate, type Locale } from '../../../../src/i18n/catalogue.ts';
import { localizedIssue } from '../../../../src/i18n/issues.ts';
import { localePath } from '../../../../src/i18n/paths.ts';
import { paymentUrl, type PaymentOptions } from '../../../../src/lib/payment.ts';
import { isTrackType } from '../../../../src/schemas/track.ts';
import type { z } from 'zod';
import { escapeHtml, formPageWith, type FieldMessage, type SentField } from './form-page.ts';
import { htmlPage } from './html-page.ts';
import { answer, error, readBodyBytes, readJsonBody, seeOther, zodIssues, type Issue } from './http.ts';

/** Largest form-encoded body accepted (as for JSON: 32 KB). */
export const MAX_FORM_BYTES = 32 * 1024;

/** How long the answer waits for the form's page before it falls back to the short page. */
const PAGE_TIMEOUT_MS = 5_000;

/** The message beside a field whose text the database cannot store (a NUL, or half of an emoji). */
export const UNSTORABLE_FIELD = 'Remove the � character: it stands for something we cannot store';

/** True for `application/x-www-form-urlencoded`, with any parameters. */
export function isFormContentType(value: string | null): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/**
 * A form-encoded body: its fields, or that it is too large, or its fields with the bad characters shown as `�`
 * and an issue for each field that held text Postgres cannot store (a NUL, a lone surrogate, bytes that are not
 * UTF-8).
 */
export type FormBody =
  | { status: 'ok'; fields: SentField[] }
  | { status: 'too-large' }
  | { status: 'unstorable'; fields: SentField[]; issues: Issue[] };

/** Reads and decodes a form-encoded body strictly: nothing the database would refuse gets past it. */
export async function readFormBody(req: Request): Promise<FormBody> {
  const bytes = await readBodyBytes(req, MAX_FORM_BYTES);
  if (!bytes) return { status: 'too-large' };
  let utf8 = true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    utf8 = false;
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  const fields: SentField[] = [];
  const bad = new Set<string>();
  for (const part of text.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const [rawName, rawValue] = equals < 0 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)];
    const name = decodeFormPart(rawName);
    const value = decodeFormPart(rawValue);
    fields.push([name.text, value.text]);
    if (!name.storable || !value.storable) bad.add(name.text);
  }
  if (bad.size === 0 && utf8) return { status: 'ok', fields };
  // Bytes that were not UTF-8 became U+FFFD above; name the fields that hold one.
  if (!utf8) for (const [name, value] of fields) if (`${name}${value}`.includes('\uFFFD')) bad.add(name);
  return { status: 'unstorable', fields, issues: [...bad].map((path) => ({ path, message: UNSTORABLE_FIELD })) };
}

/** The 413 page for a form body over `MAX_FORM_BYTES`, which `readFormBody` reports as `too-large`. */
export function formTooLarge(req: Request): Promise<Response> {
  return formProblem(req, undefined, { status: 413, message: `The form is larger than ${MAX_FORM_BYTES / 1024} KB.` });
}

/** One name or value of a form body, with what cannot be stored shown as U+FFFD. */
function decodeFormPart(raw: string): { text: string; storable: boolean } {
  const plus = raw.replaceAll('+', ' ');
  let text: string;
  try {
    text = decodeURIComponent(plus);
  } catch {
    // An escape that is not UTF-8, or encodes half of a surrogate pair: decode leniently and mark it.
    text = new URLSearchParams(`x=${raw}`).get('x') ?? '';
    return { text: text.replaceAll('\u0000', '\uFFFD'), storable: false };
  }
  if (text.includes('\u0000')) return { text: text.replaceAll('\u0000', '\uFFFD'), storable: false };
  return { text, storable: true };
}

/**
 * 303 to the success page of the form `type` (any other type lands on the home page). A gift form's `payload`
 * chose what to pay: its success page then comes from `/api/sent/<form>` with those choices in its payment link.
 */
export function formAccepted(
  type: unknown,
  payload: Readonly<Record<string, unknown>> = {},
  language: Locale = 'en',
): Response {
  let location = localePath(language, '/');
  if (isTrackType(type)) {
    const choices = new URL(paymentUrl('generalUrl', giftChoices(type, payload))).searchParams.toString();
    const sent = localePath(language, `/sent/${FORMS[type].slug}/`);
    const query = language === 'en' ? choices : `${choices}&language=${language}`;
    location = choices ? `/api/sent/${FORMS[type].slug}?${query}` : sent;
  }
  return seeOther(location);
}

/** The language a plain form post names in its hidden field (English when it names none we have). */
export function languageOf(fields: readonly SentField[]): Locale {
  return localeOr(fields.find(([name]) => name === LANGUAGE_FIELD)?.[1]);
}

/** Fetches a page of this site as the build wrote it; undefined when it cannot be had. */
export type PageLoader = (url: URL) => Promise<string | undefined>;

/** Loads a page of the site over HTTP, as a visitor's browser would. */
export const fetchPage: PageLoader = async (url) => {
  try {
    const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
    if (!res.ok || !(res.headers.get('content-type') ?? '').startsWith('text/html')) return undefined;
    return await res.text();
  } catch {
    return undefined;
  }
};

/** What a refused plain form post is answered from. */
export type FormProblem = {
  status: number;
  /** Says what happened, for the whole form. */
  message: string;
  /** Problems with single fields (`payload.email` or `email`). */
  issues?: readonly Issue[] | undefined;
  /** What the visitor sent, to fill the form with. */
  fields?: readonly SentField[] | undefined;
  headers?: HeadersInit | undefined;
};

/**
 * The form's page holding what was sent, each field's message beside it and a summary at the top; the short
 * page when the form's page cannot be loaded (or has no such form).
 */
export async function formProblem(
  req: Request,
  type: unknown,
  problem: FormProblem,
  loadPage: PageLoader = fetchPage,
): Promise<Response> {
  const { status, issues = [], fields = [], headers = {} } = problem;
  // The page the form was sent from, in its language: the messages too.
  const language = languageOf(fields);
  const message = localizedIssue(problem.message, language);
  const messages: FieldMessage[] = issues.map((issue) => ({
    name: issue.path.replace(/^payload\./, '').split('.')[0] ?? '',
    message: localizedIssue(issue.message, language),
  }));
  if (messages.length === 0) messages.push({ name: '', message });
  const all = new Headers(headers);
  all.set('Content-Type', 'text/html; charset=utf-8');
  all.set('Cache-Control', 'no-store');

  if (isTrackType(type)) {
    // The form's own page, from the fixed list of form pages: never a path taken from the request (its Referer
    // could name any address of the site, the local-only ones included).
    const html = await loadPage(new URL(formIn(language, type).page, new URL(req.url).origin));
    const words = { problem: translate(language, 'form.problem'), error: translate(language, 'form.error') };
    const page = html && formPageWith(html, type, fields, messages, words);
    if (page) {
      // The page brings its own policy (a meta tag with its scripts' and styles' hashes); this adds framing.
      all.set('Content-Security-Policy', "frame-ancestors 'none'");
      return answer(page, status, all);
    }
  }
  all.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  return answer(shortPage(req, type, status, message, messages, language), status, all);
}

/** The page listing what to fix, for when the form's own page is out of reach. */
function shortPage(
  req: Request,
  type: unknown,
  status: number,
  message: string,
  messages: FieldMessage[],
  language: Locale,
): string {
  const site = new URL(req.url);
  const back =
    sameSitePath(req.headers.get('referer'), site) ??
    (isTrackType(type) ? formIn(language, type).page : localePath(language, '/'));
  const items = messages.map((entry) => `<li>${escapeHtml(entry.message)}</li>`).join('');
  const title = translate(language, status === 400 ? 'form.problem' : 'issue.notSent');
  return `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} | Tumaini Children's Foundation</title>
<style>
body{margin:0;font:1.05rem/1.6 system-ui,sans-serif;color:#1f2937;background:#f7f5f0}
main{max-width:36rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border-top:6px solid #b3261e;border-radius:8px}
h1{font-size:1.6rem;margin:0 0 .75rem}
ul{padding-left:1.25rem}
li{color:#8c1d18;font-weight:600}
a{display:inline-block;margin-top:1rem;padding:.7rem 1.2rem;color:#fff;background:#0b6e4f;border-radius:6px;font-weight:700;text-decoration:none}
a:focus-visible{outline:3px solid #1f2937;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${title}</h1>
${status === 400 ? '' : `<p>${escapeHtml(message)}</p>`}
${items ? `<ul>${items}</ul>` : ''}
<a href="${escapeHtml(new URL(back, site.origin).href)}">${escapeHtml(translate(language, 'issue.back'))}</a>
</main>
</body>
</html>`;
}

/**
 * The path and query of `referer` when it is a page of `site` itself, else undefined. The path must start with
 * exactly one `/`: `//host/x` (and `/\host/x`, which browsers read the same way) would leave the site.
 */
export function sameSitePath(referer: string | null, site: URL): string | undefined {
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    if (from.origin !== site.origin || !/^\/(?![/\\])/.test(from.pathname)) return undefined;
    const path = `${from.pathname}${from.search}`;
    return new URL(path, site.origin).origin === site.origin ? path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Everything a submitted gift form chose, as payment link options: a donation's amount, frequency and cause; a
 * sponsorship's child, type and frequency. Other forms choose nothing to pay.
 */
export function giftChoices(type: string, payload: Readonly<Record<string, unknown>>): PaymentOptions {
  const fields: Partial<Record<keyof PaymentOptions, string>> =
    type === 'donation_intent'
      ? { amount: 'amount', frequency: 'type', cause: 'cause' }
      : type === 'sponsorship_application'
        ? { childId: 'childId', sponsorshipType: 'sponsorshipType', frequency: 'paymentMethod' }
        : {};
  const choices: Record<string, string> = {};
  for (const [option, field] of Object.entries(fields)) {
    const value = payload[field];
    if (typeof value === 'string' || typeof value === 'number') choices[option] = String(value).trim();
  }
  return choices;
}

/**
 * Reads a small public request that comes as a plain form post or as JSON (an address to email a link to) and checks it
 * with `schema`: its data and whether it came from a form, or the answer to send instead: for JSON the API's 400 (413,
 * 415), for a form a short page listing what to fix with a link back to `formPage`.
 */
export async function readSmallRequest<T>(
  req: Request,
  schema: z.ZodType<T>,
  formPage: string,
): Promise<{ data: T; fromForm: boolean } | Response> {
  const fromForm = isFormContentType(req.headers.get('content-type'));
  let raw: unknown;
  if (fromForm) {
    const form = await readFormBody(req);
    raw = form.status === 'too-large' ? undefined : Object.fromEntries(form.fields);
  } else {
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    raw = body.value;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { data: parsed.data, fromForm };
  const issues = zodIssues(parsed.error);
  if (!fromForm) return error(400, 'Invalid request', issues);
  const items = issues.map((issue) => `<li>${escapeHtml(issue.message)}</li>`).join('');
  return htmlPage(
    {
      title: 'Please check the form',
      html: `<ul>${items}</ul>\n<a href="${escapeHtml(formPage)}">Go back to the form</a>`,
      tone: 'problem',
    },
    400,
  );
}
