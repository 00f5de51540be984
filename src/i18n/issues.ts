/**
 * The server's messages about a refused form in the language of the page it came from. The schemas and functions
 * word their messages in English (the JSON API's words); a Kiswahili page gets each one by its pattern, beside a
 * field whose Kiswahili label the page already shows, so no message needs the English label. A message no pattern
 * knows reads "Check this field" rather than English on a Kiswahili page.
 */
import { translate, type Locale, type MessageKey } from './catalogue.ts';

type Pattern = readonly [RegExp, MessageKey, (match: RegExpExecArray) => Record<string, string>];

const none = () => ({});

const PATTERNS: readonly Pattern[] = [
  [/ is required$/, 'issue.required', none],
  [/ must be at most (\d+) characters$/, 'issue.tooLong', (m) => ({ max: m[1] ?? '' })],
  [/^Enter an email address/, 'issue.email', none],
  [/ must be a number/, 'issue.number', none],
  [/ must be a whole number$/, 'issue.wholeNumber', none],
  [/^Volunteers must be at least (\d+)$/, 'issue.minAge', (m) => ({ age: m[1] ?? '' })],
  [/^Age must be at most/, 'issue.maxAge', none],
  [/^Choose /, 'issue.choose', none],
  [/^The smallest donation is \$(\S+)$/, 'issue.minDonation', (m) => ({ amount: m[1] ?? '' })],
  [/^The largest donation accepted online is \$(\S+)$/, 'issue.maxDonation', (m) => ({ amount: m[1] ?? '' })],
  [/^The smallest gift in (\w+) is (.+)$/, 'issue.minGift', (m) => ({ currency: m[1] ?? '', amount: m[2] ?? '' })],
  [/^Remove the \uFFFD character/, 'issue.unstorable', none],
  [
    /^Too many forms came from your connection; try again in (\d+) s\.$/,
    'issue.tooMany',
    (m) => ({ seconds: m[1] ?? '' }),
  ],
  [/^The service is temporarily unavailable/, 'issue.unavailable', none],
  [/^Please check the form$/, 'form.checkForm', none],
];

/** `message` (English, from a schema or a function) as the page in `locale` words it. */
export function localizedIssue(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  for (const [pattern, key, vars] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return translate(locale, key, vars(match));
  }
  return translate(locale, 'issue.other');
}
