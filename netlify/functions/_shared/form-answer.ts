/**
 * Answers to a plain HTML form post (JavaScript off, or pressed before the page's script ran): a 303 to the
 * form's success page, or a small styled page that lists what to fix and links back. The browser keeps what was
 * typed when the visitor goes back.
 */
import { FORMS } from '../../../src/lib/form-pages.ts';
import { isTrackType } from '../../../src/schemas/track.ts';
import { escapeHtml, htmlPage } from './html-page.ts';
import { readBodyBytes, type Issue } from './http.ts';

/** Largest form-encoded body accepted (as for JSON: 32 KB). */
export const MAX_FORM_BYTES = 32 * 1024;

/** True for `application/x-www-form-urlencoded`, with any parameters. */
export function isFormContentType(value: string | null): boolean {
  return value?.split(';')[0]?.trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** The fields of a form-encoded body, or undefined when it is too large or not UTF-8. */
export async function readFormBody(req: Request): Promise<URLSearchParams | undefined> {
  const bytes = await readBodyBytes(req, MAX_FORM_BYTES);
  if (!bytes) return undefined;
  try {
    return new URLSearchParams(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return undefined;
  }
}

/** 303 to the success page of the form `type` (any other type lands on the home page). */
export function formAccepted(type: unknown): Response {
  const location = isTrackType(type) ? `/sent/${FORMS[type].slug}/` : '/';
  return new Response(null, { status: 303, headers: { Location: location, 'Cache-Control': 'no-store' } });
}

/** A small page explaining why the form was not accepted, with the problems listed and a way back. */
export function formProblem(
  req: Request,
  type: unknown,
  status: number,
  message: string,
  issues: readonly Issue[] = [],
  headers: HeadersInit = {},
): Response {
  const back = backLink(req, type);
  const items = issues.map((issue) => `<li>${escapeHtml(issue.message)}</li>`).join('');
  const title = status === 400 ? 'Please check the form' : 'Not sent yet';
  const html = `<p>${escapeHtml(message)}</p>
${items ? `<ul>${items}</ul>` : ''}
<a href="${escapeHtml(back)}">Go back to the form</a>`;
  return htmlPage({ title, html, tone: 'problem' }, status, headers);
}

/** The page the form came from when the browser says so (same site only), else the form's usual page. */
function backLink(req: Request, type: unknown): string {
  const fallback = isTrackType(type) ? FORMS[type].page : '/';
  const referer = req.headers.get('referer');
  if (!referer) return fallback;
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(req.url).origin) return fallback;
    return `${from.pathname}${from.search}`;
  } catch {
    return fallback;
  }
}
