/**
 * How a submitted public form becomes a tracking request, the same in the browser and in the track function.
 * Zod-free and small: every page's footer form ships it. (Each form's pages and texts: ./form-pages.ts.)
 */

/** The message shown while a submission waits for the connection, so none is lost silently. */
export const NOT_SENT =
  'Not sent yet: we could not reach our server. Your answers are kept on this device and sent as soon as the connection is back.';

/** Said once a gift form kept offline has been sent, before the link to its checkout (a tab opens only on a click). */
export const CHECKOUT_READY = 'Sent: your details are with us.';

/** Name of the hidden field that carries the tracking type (`type` is a contact form field). */
export const FORM_TYPE_FIELD = 'form';

// Fields that are lists even with one value, and checkboxes (present = ticked, absent = not).
const LIST_FIELDS = new Set(['skills', 'subjects']);
const CHECKBOX_FIELDS = new Set(['anonymous', 'newsletter']);
// Fields of the request itself rather than of the payload.
const REQUEST_FIELDS = new Set([FORM_TYPE_FIELD, 'website', 'submissionId', 'customAmount']);
const TIMESTAMPED: ReadonlySet<string> = new Set(['sponsorship_application', 'donation_intent']);

/** The body of a tracking request, as the JSON API takes it. */
export type TrackBody = { type: string; payload: Record<string, unknown>; website?: string; submissionId?: string };

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
  return {
    type,
    payload,
    ...(website ? { website } : {}),
    ...(submissionId ? { submissionId } : {}),
  };
}
