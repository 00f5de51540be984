/**
 * Small self-contained HTML pages that the newsletter's links answer browsers with: the site's colours, one stylesheet
 * inline and nothing else loaded.
 */
import { escapeHtml } from './form-page.ts';
import { answer } from './http.ts';

/** What one page shows. */
export interface PageContent {
  /** The heading and the title. */
  title: string;
  /** The page's body below the heading, already escaped HTML. */
  html: string;
  /** Red for a problem, green for a success. */
  tone: 'problem' | 'success';
  /** Same-site addresses a form on the page may post to ('none' when the page has no form). */
  formAction?: 'self' | 'none';
}

export { escapeHtml };

/** The page as an answer with `status`, never cached, with a policy that allows its inline style only. */
export function htmlPage(content: PageContent, status: number, headers: HeadersInit = {}): Response {
  const accent = content.tone === 'problem' ? '#b3261e' : '#0b6e4f';
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(content.title)} | Tumaini Children's Foundation</title>
<style>
body{margin:0;font:1.05rem/1.6 system-ui,sans-serif;color:#1f2937;background:#f7f5f0}
main{max-width:36rem;margin:3rem auto;padding:1.5rem 2rem;background:#fff;border-top:6px solid ${accent};border-radius:8px}
h1{font-size:1.6rem;margin:0 0 .75rem}
ul{padding-left:1.25rem}
li{color:#8c1d18;font-weight:600}
a,button{display:inline-block;margin-top:1rem;padding:.7rem 1.2rem;color:#fff;background:#0b6e4f;border:0;border-radius:6px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
a:focus-visible,button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(content.title)}</h1>
${content.html}
</main>
</body>
</html>`;
  const all = new Headers(headers);
  all.set('Content-Type', 'text/html; charset=utf-8');
  all.set('Cache-Control', 'no-store');
  all.set(
    'Content-Security-Policy',
    `default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action '${content.formAction ?? 'none'}'; frame-ancestors 'none'`,
  );
  // The page's address holds its link's token: sent to no one.
  all.set('Referrer-Policy', 'no-referrer');
  return answer(html, status, all);
}
