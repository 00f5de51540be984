/**
 * Answers to a plain HTML form post (JavaScript off, or pressed before the page's script ran): a 303 to the
 * form's success page, or a small styled page that lists what to fix and links back. The browser keeps what was
 * typed when the visitor goes back.
 */
import { FORMS } from '../../../src/lib/form-pages.ts';
import { isTrackType } from '../../../src/schemas/track.ts';
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
  const html = `<!doctype html>
<html lang="en">
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
<p>${escapeHtml(message)}</p>
${items ? `<ul>${items}</ul>` : ''}
<a href="${escapeHtml(back)}">Go back to the form</a>
</main>
</body>
</html>`;
  const all = new Headers(headers);
  all.set('Content-Type', 'text/html; charset=utf-8');
  all.set('Cache-Control', 'no-store');
  // The page carries its own stylesheet and nothing else.
  all.set(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'",
  );
  return new Response(html, { status, headers: all });
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
