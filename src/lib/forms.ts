/**
 * How a submitted public form becomes a tracking request, the same in the browser and in the track function.
 * Zod-free and small: every page's footer form ships it. (Each form's pages and texts: ./form-pages.ts.)
 */

/** Name of the hidden field that carries the tracking type (`type` is a contact form field). */
export const FORM_TYPE_FIELD = 'form';

/**
 * Name of the hidden field that carries the language of the page the form was sent from (`en`, `sw`): replies and
 * receipts go in it, and a refused plain post comes back on that language's page.
 */
export const LANGUAGE_FIELD = 'language';

// Fields that are lists even with one value, and checkboxes (present = ticked, absent = not).
const LIST_FIELDS = new Set(['skills', 'subjects']);
const CHECKBOX_FIELDS = new Set(['anonymous', 'newsletter']);
// Fields of the request itself rather than of the payload.
const REQUEST_FIELDS = new Set([FORM_TYPE_FIELD, LANGUAGE_FIELD, 'website', 'submissionId', 'customAmount']);
const TIMESTAMPED: ReadonlySet<string> = new Set(['sponsorship_application', 'donation_intent']);

/** The body of a tracking request, as the JSON API takes it. */
export type TrackBody = {
  type: string;
  payload: Record<string, unknown>;
  website?: string;
  submissionId?: string;
  /** The page's language, `en` when the form was sent without one. */
  language?: string;
};

/**
 * Turns a submitted form's fields into a tracking request, the same way in the browser (FormData) and on the
 * server (a form-encoded post): lists stay lists, checkboxes become booleans, a typed donation amount wins over the
 * preset, and the submission time is added where the schema asks for one.
 */
export function trackBodyFromForm(
  fields: Iterable<readonly [string, FormDataEntryValue]>,
  now = new Date(),
): TrackBody {
  const values = new Map<string, string[]>();
  for (const [name, value] of fields) {
    if (typeof value !== 'string') continue;
    values.set(name, [...(values.get(name) ?? []), value]);
  }
  const first = (name: string) => values.get(name)?.[0];
  const type = first(FORM_TYPE_FIELD) ?? '';
  const payload: Record<string, unknown> = {};
  for (const [name, list] of values) {
    if (REQUEST_FIELDS.has(name)) continue;
    payload[name] = LIST_FIELDS.has(name) ? list.filter((item) => item.trim() !== '') : list[0];
  }
  if (type === 'donation_intent') for (const name of CHECKBOX_FIELDS) payload[name] = values.has(name);
  const customAmount = first('customAmount')?.trim();
  if (customAmount) payload['amount'] = customAmount;
  if (TIMESTAMPED.has(type) && payload['timestamp'] === undefined) payload['timestamp'] = now.toISOString();
  const website = first('website');
  const submissionId = first('submissionId');
  const language = first(LANGUAGE_FIELD);
  return {
    type,
    payload,
    ...(website ? { website } : {}),
    ...(submissionId ? { submissionId } : {}),
    ...(language ? { language } : {}),
  };
}
