/**
 * Small self-contained HTML pages that functions answer browsers with (the newsletter's links, My giving, the thank-you
 * page): the site's colours, one stylesheet inline and nothing else loaded, no script, so they work with JavaScript off.
 */
import type { Locale, MessageKey, Translate } from '../../../../src/i18n/catalogue.ts';
import { localePath } from '../../../../src/i18n/paths.ts';
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
  /** Other origins a form's answer may send the browser on to (a payment provider's page). */
  formTargets?: readonly string[];
  /** A wider page, for lists and tables (My giving). */
  wide?: boolean;
  /** The page shows pictures from its own site (My giving's news). */
  images?: boolean;
  /** The language the page is written in (English when left out): its `lang` and the home page it links to. */
  language?: Locale;
}

export { escapeHtml };

/**
 * A sentence of the catalogue as HTML: its text escaped, each `{name}` replaced by `html[name]` (already escaped
 * HTML, such as `<strong>$50.00</strong>`).
 */
export function sentenceHtml(t: Translate, key: MessageKey, html: Readonly<Record<string, string>>): string {
  const placeholders = Object.fromEntries(Object.keys(html).map((name) => [name, `{${name}}`]));
  return escapeHtml(t(key, placeholders)).replace(/\{(\w+)\}/g, (whole, name: string) => html[name] ?? whole);
}

/** The page as an answer with `status`, never cached, with a policy that allows its inline style only. */
export function htmlPage(content: PageContent, status: number, headers: HeadersInit = {}): Response {
  const accent = content.tone === 'problem' ? '#b3261e' : '#0b6e4f';
  const language = content.language ?? 'en';
  const html = `<!doctype html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(content.title)} | Tumaini Children's Foundation</title>
<style>
body{margin:0;font:1.05rem/1.6 system-ui,sans-serif;color:#1f2937;background:#f7f5f0}
header{max-width:${content.wide ? '60rem' : '36rem'};margin:1.5rem auto 0;padding:0 2rem}
header a{display:inline;margin:0;padding:0;color:#9a3412;background:none;font-weight:700;text-decoration:none}
main{max-width:${content.wide ? '60rem' : '36rem'};margin:1.5rem auto 3rem;padding:1.5rem 2rem;background:#fff;border-top:6px solid ${accent};border-radius:8px}
h1{font-size:1.6rem;margin:0 0 .75rem}
ul{padding-left:1.25rem}
li{color:#8c1d18;font-weight:600}
a,button{display:inline-block;margin-top:1rem;padding:.7rem 1.2rem;color:#fff;background:#0b6e4f;border:0;border-radius:6px;font:inherit;font-weight:700;text-decoration:none;cursor:pointer}
a:focus-visible,button:focus-visible{outline:3px solid #1f2937;outline-offset:2px}
h2{font-size:1.25rem;margin:2rem 0 .5rem}
table{width:100%;border-collapse:collapse;margin:.5rem 0}
th,td{text-align:left;padding:.45rem .5rem;border-bottom:1px solid #e5e0d6;vertical-align:top}
td a,p a.plain,li a.plain{display:inline;margin:0;padding:0;color:#0b6e4f;background:none;text-decoration:underline;font-weight:600}
form.inline{display:inline-block;margin-right:.5rem}
.secondary{color:#0b6e4f;background:#fff;border:2px solid #0b6e4f}
.note{color:#4b5563;font-size:.95rem}
.files li{color:inherit;font-weight:400}
label{display:block;font-weight:600;margin-top:.75rem}
input{font:inherit;padding:.5rem;border:1px solid #9ca3af;border-radius:6px;max-width:100%}
.news img{display:block;max-width:100%;height:auto;margin:.5rem 0;border-radius:6px}
.news dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.news dt{font-weight:600}
</style>
</head>
<body>
<header><a href="${localePath(language, '/')}">Tumaini Children's Foundation</a></header>
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
    `default-src 'none'; style-src 'unsafe-inline';${content.images ? " img-src 'self';" : ''} base-uri 'none'; form-action ${formAction(content)}; frame-ancestors 'none'`,
  );
  // The page's address holds its link's token: sent to no one.
  all.set('Referrer-Policy', 'no-referrer');
  return answer(html, status, all);
}

/** The page's `form-action`: none, or the site and the origins its forms' answers may lead to. */
function formAction(content: PageContent): string {
  if ((content.formAction ?? 'none') === 'none') return "'none'";
  return ["'self'", ...(content.formTargets ?? [])].join(' ');
}

/** The page for a database that cannot be reached (503): nothing has changed, try again. */
export function unavailablePage(): Response {
  return htmlPage(
    {
      title: 'Please try again shortly',
      html: '<p>Our service is temporarily unavailable. Nothing has changed; try again in a few minutes.</p>',
      tone: 'problem',
    },
    503,
  );
}
