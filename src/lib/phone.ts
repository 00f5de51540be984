/**
 * One phone number, however it was written: the rule that makes `0711 222 333`, `0711-222-333`, `+254711222333`,
 * `254711222333` and `00254 711 222 333` the same number, in TypeScript and as the same rule in SQL (for matching
 * rows in the database), and as a pattern that finds the number inside free text in any of those forms.
 *
 * A Kenyan number (a 9-digit national number starting with 7 or 1, written with `0`, `254`, `+254`, `00254` or
 * nothing in front) becomes `254` and the national number. Any other number is its digits, without a leading `00`.
 * Fewer than 6 digits is no number: it would match too many.
 */

/** The national part of a Kenyan number, with whatever prefix it was written with. */
const KENYAN = /^(?:(?:00)?254)?0?([17]\d{8})$/;

/** The fewest digits a number must have to identify anyone. */
export const MIN_PHONE_DIGITS = 6;

/** The number's one spelling (digits only, `254…` for Kenya), or undefined when it is too short to be a number. */
export function phoneKey(value: string): string | undefined {
  const digits = value.replace(/[^0-9]/g, '');
  const kenyan = KENYAN.exec(digits);
  const key = kenyan ? `254${kenyan[1]}` : digits.replace(/^00/, '');
  return key.length >= MIN_PHONE_DIGITS ? key : undefined;
}

/** The same rule as {@link phoneKey} on a SQL expression: its key as text, or null. */
export function phoneKeySql(expression: string): string {
  const digits = `regexp_replace(coalesce((${expression})::text, ''), '[^0-9]', '', 'g')`;
  return `(select case when length(k) >= ${MIN_PHONE_DIGITS} then k end from (select case
            when d ~ '^((00)?254)?0?[17][0-9]{8}$' then '254' || right(d, 9)
            else regexp_replace(d, '^00', '') end as k from (select ${digits} as d) as digits) as keyed)`;
}

/**
 * A regular expression (PostgreSQL's and JavaScript's syntax alike) finding the number of `key` in free text, in any
 * of the spellings above, with spaces, dots or dashes between digits, and no digit right before or after it.
 */
export function phonePattern(key: string): string {
  const spaced = (digits: string) => digits.split('').join('[ .-]*');
  const kenyan = /^254([17]\d{8})$/.exec(key);
  const body = kenyan?.[1]
    ? `(\\+?(00)?254[ .-]*\\(?0?\\)?|0)?[ .-]*${spaced(kenyan[1])}`
    : `(\\+|00)?[ .-]*${spaced(key)}`;
  return `(?<![0-9])${body}(?![0-9])`;
}
