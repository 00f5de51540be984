/**
 * What lets a person's page count the mentions of a person in other people's free text without reading all of it:
 * the `mention_keys` of a text (a database function, migration person_mention_keys: its words of three characters or
 * more, and its six-digit runs once spaces, dots and dashes are out) are GIN-indexed per table, and any text the
 * mention pattern of an identifier (people.ts) matches holds all of that identifier's keys. The pattern still decides.
 */
import type { Queryable } from '../platform/db.ts';
import type { PersonTable } from './person-tables.ts';

/**
 * A table's free text as one text (its columns joined by a space, JSON as text): what its `mention_keys` GIN index is
 * on (migration person_mention_keys), written the same way so that the index answers.
 */
export function mentionText(spec: PersonTable): string {
  const json = spec.jsonMentions ?? [];
  if (json.length === 1 && !spec.mentions?.length) return `t.${json[0]}::text`;
  return [...(spec.mentions ?? []), ...json.map((column) => `${column}::text`)]
    .map((column) => `coalesce(t.${column}, '')`)
    .join(` || ' ' || `);
}

/**
 * For each identifier, keys of `mention_keys` every text mentioning it holds (what its mention pattern needs): the
 * words of a name; the ASCII runs of an address written in ASCII (its pattern allows no ASCII letter or digit on
 * either side), else the words between its own dots and `@` (its first and last may run on into the text around
 * it); the six-digit runs of a phone's number.
 */
export async function mentionKeySets(
  db: Queryable,
  identifiers: readonly { kind: string; value: string }[],
): Promise<string[][]> {
  const sources: string[] = [];
  const families: string[] = [];
  for (const { kind, value } of identifiers) {
    if (kind === 'name' && !value.includes(' ')) continue;
    if (kind === 'phone') {
      // A Kenyan number is found by its national part, written with any prefix.
      sources.push(/^254([17]\d{8})$/.exec(value)?.[1] ?? value);
      families.push('p');
    } else if (kind === 'email' && /^[\x20-\x7e]*$/.test(value)) {
      sources.push(value);
      families.push('a');
    } else {
      sources.push(value);
      families.push(kind === 'email' ? 'inner' : 'w');
    }
  }
  if (sources.length === 0) return [];
  const rows = await db.query<{ keys: string[] }>(
    `select array(select k from unnest(mention_keys(case family
         when 'inner' then regexp_replace(regexp_replace(source, '^[[:alnum:]_]+', ''), '[[:alnum:]_]+$', '')
         else source end)) k
       where k like (case family when 'inner' then 'w' else family end) || ':%') as keys
     from unnest($1::text[], $2::text[]) with ordinality as identifier(source, family, n) order by n`,
    [sources, families],
  );
  return rows.map((row) => row.keys);
}
