/**
 * A person's page, export, correction and erasure, over every table the registry (person-tables.ts) lists.
 *
 * Identity. Each row has an owner: the one identifier of who the row is from (the address a form was sent from, the
 * phone an M-Pesa payment came from, the address an email was sent to), and may hold others (a phone typed into an
 * application, the name on a gift). A person is a set of verified identifiers: the one staff searched for (the
 * address or phone the request came from) and those staff confirmed on the page (audited as `admin.person.link`).
 * The person's rows are the rows whose owner is verified; only those are shown as theirs, exported and erased. A row
 * whose owner is not verified but which holds one of the person's identifiers, or whose owner is an identifier held
 * in the person's rows, is "possibly the same person": shown to staff, grouped by its owner, and left alone until
 * staff confirm that owner. Identifiers are compared whole (an address, a phone number in any spelling, a name),
 * never as a part of a longer text.
 *
 * Free text (gift notes, email bodies, messages) is never used to join rows. On erasure the person's verified
 * identifiers are removed from the free text of every row that mentions them, and the notes of their own rows go.
 */
import { phoneKey, phonePattern } from '../../../../src/lib/phone.ts';
import { readBlob } from '../platform/blobs.ts';
import { hashAddress } from '../platform/client.ts';
import type { Queryable } from '../platform/db.ts';
import { mentionKeySets, mentionText } from './mention-keys.ts';
import {
  PERSON_SEARCH_PARAMETERS,
  PERSON_TABLES,
  PLACEHOLDER_NAMES,
  type Identifier,
  type PersonTable,
} from './person-tables.ts';

/** Who a search is for: the address or phone the request came from. */
export interface PersonQuery {
  email?: string | undefined;
  phone?: string | undefined;
}

/** Rows by table. */
export type RowsByTable = Record<string, ({ id: string } & Record<string, unknown>)[]>;

/** Rows that may be the same person: everything found under one identifier staff have not confirmed. */
export interface PossibleMatch {
  identifier: Identifier;
  kind: 'email' | 'phone' | 'name';
  value: string;
  tables: RowsByTable;
}

/** The person's identifiers and their rows by table, and the rows that may be theirs. */
export interface PersonRecords {
  emails: string[];
  phones: string[];
  names: string[];
  tables: RowsByTable;
  possibly: PossibleMatch[];
  /** Rows of other people whose free text names the person's identifiers, by table (erasure redacts them). */
  mentions: Record<string, number>;
}

/** The identifier of an email address. */
export const emailIdentifier = (email: string): Identifier => `email:${email.trim().toLowerCase()}`;

/** The identifier staff searched for, or undefined when the query names nothing usable. */
export function queryIdentifier(who: PersonQuery): Identifier | undefined {
  if (who.email?.trim()) return emailIdentifier(who.email);
  const phone = who.phone ? phoneKey(who.phone) : undefined;
  return phone ? `phone:${phone}` : undefined;
}

/** An identifier's kind and value. */
export function splitIdentifier(identifier: Identifier): { kind: PossibleMatch['kind']; value: string } {
  const at = identifier.indexOf(':');
  return { kind: identifier.slice(0, at) as PossibleMatch['kind'], value: identifier.slice(at + 1) };
}

/**
 * How the audit trail names a person: a keyed hash of their address (or phone), so a later erasure leaves nothing
 * that identifies them, while staff holding the address can still show the request was handled.
 */
export function auditSubject(who: PersonQuery): string {
  const key = who.email?.trim().toLowerCase() || phoneKey(who.phone ?? '') || '';
  return hashAddress(`person:${key}`);
}

/** How the audit trail names an identifier staff confirmed as the same person (a keyed hash, as above). */
export const linkHash = (identifier: Identifier): string => hashAddress(`person-link:${identifier}`);

/** The audit event recording that staff confirmed an identifier as the person's. */
export const LINK_EVENT = 'admin.person.link';

interface FoundRow {
  id: string;
  owner: Identifier | null;
  holds: Identifier[];
}

/** The kind of identifier each parameter of a `find` condition holds. */
const SEARCH_KINDS = { emails: 'email', phones: 'phone', names: 'name' } as const;

/** What one pass over the tables found: per table, the rows touching the identifiers. */
type Pass = Map<string, FoundRow[]>;

/**
 * Every registered table's rows whose owner is one of `keys` or which hold one of them (one statement). Each table
 * is read through its `find` condition (index probes on the identifiers' values); owner and holds are then worked
 * out on those rows only and compared whole, so `find` only narrows, it never decides.
 */
async function pass(db: Queryable, keys: readonly Identifier[]): Promise<Pass> {
  const selects = PERSON_TABLES.map((spec) => {
    const holds = (spec.holds ?? []).map((expression) => expression('t'));
    return `select '${spec.table}' as "table", id, owner, holds from (
       select t.id as id, ${spec.owner('t')} as owner,
              array_remove(array[${holds.join(', ') || 'null'}]::text[], null) as holds
       from ${spec.table} t where ${spec.find('t')}) found
     where owner = any($1::text[]) or holds && $1::text[]`;
  });
  const values = (kind: PossibleMatch['kind']) =>
    keys.map(splitIdentifier).flatMap((key) => (key.kind === kind ? [key.value] : []));
  const rows = await db.query<FoundRow & { table: string }>(
    `select "table", id::text as id, owner, holds from (${selects.join(' union all ')}) touching order by "table", id`,
    [keys, ...PERSON_SEARCH_PARAMETERS.map((parameter) => values(SEARCH_KINDS[parameter]))],
  );
  const found: Pass = new Map(PERSON_TABLES.map((spec) => [spec.table, []]));
  for (const { table, ...row } of rows) found.get(table)?.push(row);
  return found;
}

/** Identifiers staff confirmed for the person searched for (from the audit trail, as hashes). */
async function confirmedLinks(db: Queryable, who: PersonQuery): Promise<Set<string>> {
  const rows = await db.query<{ linked: string }>(
    // The type is written out so that the partial index of these events answers it.
    `select payload->>'linked' as linked from events where type = '${LINK_EVENT}' and payload->>'subject' = $1`,
    [auditSubject(who)],
  );
  return new Set(rows.map((row) => row.linked));
}

interface Resolved {
  verified: ReadonlySet<Identifier>;
  /** The person's rows' ids, by table. */
  own: Map<string, string[]>;
  /** Rows that may be the person's, by their owner, then table. */
  possible: Map<Identifier, Map<string, string[]>>;
  /** Identifiers the person's rows hold. */
  held: Set<Identifier>;
}

/**
 * The person's verified identifiers, their rows and the rows that may be theirs: from the identifier searched for, a
 * pass over every table, taking in identifiers staff confirmed, until nothing new is confirmed.
 */
async function resolve(db: Queryable, who: PersonQuery): Promise<Resolved> {
  const start = queryIdentifier(who);
  const verified = new Set<Identifier>(start ? [start] : []);
  const links = await confirmedLinks(db, who);
  let resolved: Resolved = { verified, own: new Map(), possible: new Map(), held: new Set() };
  let keys = new Set(verified);
  // Each round adds identifiers staff confirmed, or looks for the rows of identifiers the person's rows hold.
  for (let round = 0; round < 10 && keys.size > 0; round += 1) {
    resolved = classify(await pass(db, [...keys]), verified);
    const confirmed = [...resolved.held, ...resolved.possible.keys()].filter((key) => links.has(linkHash(key)));
    for (const key of confirmed) verified.add(key);
    const next = new Set([...verified, ...resolved.held]);
    if (confirmed.length === 0 && [...next].every((key) => keys.has(key))) break;
    keys = next;
  }
  return resolved;
}

/** Sorts the rows found into the person's (owner verified) and possible matches (by owner). */
function classify(found: Pass, verified: ReadonlySet<Identifier>): Resolved {
  const own = new Map<string, string[]>();
  const possible = new Map<Identifier, Map<string, string[]>>();
  const held = new Set<Identifier>();
  for (const [table, rows] of found) {
    for (const row of rows) {
      if (row.owner && verified.has(row.owner)) {
        own.set(table, [...(own.get(table) ?? []), row.id]);
        for (const key of row.holds) if (!verified.has(key)) held.add(key);
      } else if (row.owner) {
        const byTable = possible.get(row.owner) ?? new Map<string, string[]>();
        byTable.set(table, [...(byTable.get(table) ?? []), row.id]);
        possible.set(row.owner, byTable);
      }
    }
  }
  return { verified, own, possible, held };
}

async function rowsById(db: Queryable, table: string, ids: readonly string[]): Promise<RowsByTable[string]> {
  if (ids.length === 0) return [];
  const rows = await db.query(
    // Every registered table's key is a bigint: compared as one, the lookup is a probe of the key, not a scan.
    `select t.*, t.id::text as id from ${table} t where t.id = any($1::bigint[]) order by t.id`,
    [ids],
  );
  return rows.map((row) => ({ ...plainRow(row), id: String(row['id']) }));
}

/**
 * One regular expression finding any of the identifiers in free text: an address, or a name of two words or more, as
 * whole words (any case); a phone in any spelling. `sql` for PostgreSQL (`~*`, `regexp_replace(…, 'gi')`), `js` for a `giu` RegExp.
 */
function mentionPattern(identifiers: Iterable<Identifier>, flavour: 'sql' | 'js'): string | undefined {
  const escape = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
  const [wordStart, wordEnd] = flavour === 'sql' ? ['\\m', '\\M'] : ['(?<![\\p{L}\\p{N}_])', '(?![\\p{L}\\p{N}_])'];
  const parts: string[] = [];
  for (const identifier of identifiers) {
    const { kind, value } = splitIdentifier(identifier);
    if (kind === 'email') parts.push(`(?<![a-z0-9._%+-])${escape(value)}(?![a-z0-9_-])`);
    else if (kind === 'phone') parts.push(phonePattern(value));
    // A one-word name ("Amina", "the") in someone else's text is as likely another person or an ordinary word.
    else if (kind === 'name' && value.includes(' ')) {
      parts.push(`${wordStart}${value.split(' ').map(escape).join('\\s+')}${wordEnd}`);
    }
  }
  return parts.length > 0 ? parts.map((part) => `(${part})`).join('|') : undefined;
}

/** A table's free-text columns, JSON ones as text: SQL conditions on `t` true when one matches `$1`. */
const mentionConditions = (spec: PersonTable) => [
  ...(spec.mentions ?? []).map((column) => `t.${column} ~* $1`),
  ...(spec.jsonMentions ?? []).map((column) => `t.${column}::text ~* $1`),
];

/**
 * Rows not the person's whose free text mentions one of their identifiers, by table. The index finds the rows holding
 * every key of one identifier; the pattern then decides on those rows alone.
 */
async function mentionCounts(db: Queryable, resolved: Resolved): Promise<Record<string, number>> {
  const pattern = mentionPattern(resolved.verified, 'sql');
  const counts: Record<string, number> = {};
  const specs = PERSON_TABLES.filter((spec) => mentionConditions(spec).length > 0);
  if (!pattern || specs.length === 0) return counts;
  const keySets = await mentionKeySets(db, [...resolved.verified].map(splitIdentifier));
  const own = [...resolved.own].flatMap(([table, ids]) => ids.map((id) => `${table}:${id}`));
  const rows = await db.query<{ table: string; n: number }>(
    specs
      .map((spec) => {
        const text = mentionText(spec);
        const holding = keySets.map((_, index) => `mention_keys(${text}) @> $${index + 3}::text[]`);
        return `select '${spec.table}' as "table", count(*)::int as n from ${spec.table} t
         where (${holding.join(' or ') || 'true'}) and not ('${spec.table}:' || t.id = any($2::text[]))
           and (${mentionConditions(spec).join(' or ')})`;
      })
      .join(' union all '),
    [pattern, own, ...keySets],
  );
  for (const row of rows) if (row.n > 0) counts[row.table] = row.n;
  return counts;
}

/** Every string in a JSON value with `pattern` replaced (keys and structure stay). */
function redactJson(value: unknown, pattern: RegExp): unknown {
  if (typeof value === 'string') return value.replace(pattern, REDACTED);
  if (Array.isArray(value)) return value.map((item) => redactJson(item, pattern));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactJson(item, pattern)]));
  }
  return value;
}

/**
 * Removes the person's identifiers from the free text of a table's rows other than `own`: text columns in SQL, JSON
 * columns value by value. How many rows changed.
 */
async function redactMentions(
  tx: Queryable,
  spec: PersonTable,
  identifiers: ReadonlySet<Identifier>,
  own: readonly string[],
): Promise<number> {
  const pattern = mentionPattern(identifiers, 'sql');
  const conditions = mentionConditions(spec);
  if (!pattern || conditions.length === 0) return 0;
  const changed = new Set<string>();
  if (spec.mentions) {
    const set = spec.mentions.map((column) => `${column} = regexp_replace(${column}, $1, $3, 'gi')`).join(', ');
    const rows = await tx.query<{ id: string }>(
      `update ${spec.table} t set ${set}
       where not (t.id::text = any($2::text[])) and (${spec.mentions.map((column) => `t.${column} ~* $1`).join(' or ')})
       returning t.id::text as id`,
      [pattern, own, REDACTED],
    );
    for (const row of rows) changed.add(row.id);
  }
  const js = new RegExp(mentionPattern(identifiers, 'js') ?? '', 'giu');
  for (const column of spec.jsonMentions ?? []) {
    const rows = await tx.query<{ id: string; value: unknown }>(
      `select t.id::text as id, t.${column} as value from ${spec.table} t
       where not (t.id::text = any($2::text[])) and t.${column}::text ~* $1`,
      [pattern, own],
    );
    for (const row of rows) {
      await tx.query(`update ${spec.table} set ${column} = $2::jsonb where id::text = $1`, [
        row.id,
        JSON.stringify(redactJson(row.value, js)),
      ]);
      changed.add(row.id);
    }
  }
  return changed.size;
}

/**
 * Everything held about one person, found from the address or phone their request came from and the identifiers
 * staff confirmed; and, apart, what may be theirs.
 */
export async function findPerson(db: Queryable, who: PersonQuery): Promise<PersonRecords> {
  const resolved = await resolve(db, who);
  // Each table's rows, the person's and the possible matches' alike, are read in one statement, then shared out.
  const read = new Map<string, RowsByTable[string]>();
  for (const spec of PERSON_TABLES) {
    const ids = [...(resolved.own.get(spec.table) ?? [])];
    for (const byTable of resolved.possible.values()) ids.push(...(byTable.get(spec.table) ?? []));
    read.set(spec.table, await rowsById(db, spec.table, ids));
  }
  const rowsOf = (table: string, ids: readonly string[]) => {
    const wanted = new Set(ids);
    return (read.get(table) ?? []).filter((row) => wanted.has(row.id));
  };
  const tables: RowsByTable = {};
  for (const spec of PERSON_TABLES) {
    tables[spec.table] = await withFiles(spec, rowsOf(spec.table, resolved.own.get(spec.table) ?? []));
  }
  const possibly: PossibleMatch[] = [];
  for (const [identifier, byTable] of resolved.possible) {
    const rows: RowsByTable = {};
    for (const [table, ids] of byTable) rows[table] = rowsOf(table, ids);
    possibly.push({ identifier, ...splitIdentifier(identifier), tables: rows });
  }
  const of = (kind: PossibleMatch['kind'], keys: Iterable<Identifier>) =>
    [...keys]
      .map(splitIdentifier)
      .filter((key) => key.kind === kind)
      .map((key) => key.value);
  const names = new Set<string>();
  for (const spec of PERSON_TABLES) {
    for (const row of tables[spec.table] ?? []) {
      for (const column of ['name', 'donor_name', 'sponsor_name'] as const) {
        const value = row[column];
        if (typeof value === 'string' && value.trim() && !PLACEHOLDER_NAMES.includes(value.trim().toLowerCase())) {
          names.add(value.trim());
        }
      }
    }
  }
  return {
    emails: of('email', resolved.verified),
    phones: of('phone', resolved.verified),
    names: [...names],
    tables,
    possibly,
    mentions: await mentionCounts(db, resolved),
  };
}

/**
 * True when `identifier` is a possible match of the person searched for, or held in their rows: what staff may
 * confirm as the same person.
 */
export async function isPossibleMatch(db: Queryable, who: PersonQuery, identifier: Identifier): Promise<boolean> {
  const resolved = await resolve(db, who);
  return !resolved.verified.has(identifier) && (resolved.possible.has(identifier) || resolved.held.has(identifier));
}

/** What an erasure did, per table: rows deleted or anonymised, and rows whose free text lost the person's details. */
export type ErasureCounts = Record<string, { deleted: number; anonymised: number; redacted?: number }>;

/** The text left where erasure removed a person's identifier from free text. */
export const REDACTED = '[erased]';

/**
 * Erases one person on `tx` (the caller's transaction): their rows in every registered table, in order, and their
 * verified identifiers wherever free text mentions them. Rows that are only possibly theirs stay. The blob store keys of
 * the deleted rows' files are added to `files`, for the caller to delete once the transaction is committed.
 */
export async function erasePerson(tx: Queryable, who: PersonQuery, files: string[] = []): Promise<ErasureCounts> {
  const resolved = await resolve(tx, who);
  const counts: ErasureCounts = {};
  for (const spec of PERSON_TABLES) {
    const ids = resolved.own.get(spec.table) ?? [];
    if (spec.file && spec.erase.kind === 'delete' && ids.length > 0) {
      const keys = await tx.query<{ key: string }>(
        `select t.${spec.file.key} as key from ${spec.table} t where t.id = any($1::bigint[]) and t.${spec.file.key} is not null`,
        [ids],
      );
      files.push(...keys.map((row) => row.key));
    }
    // The person's own rows are deleted or anonymised whole below.
    const redacted = await redactMentions(tx, spec, resolved.verified, ids);
    const statement =
      spec.erase.kind === 'delete'
        ? `delete from ${spec.table} t where t.id = any($1::bigint[]) returning 1`
        : `update ${spec.table} t set ${spec.erase.set} where t.id = any($1::bigint[]) returning 1`;
    const changed = ids.length > 0 ? (await tx.query(statement, [ids])).length : 0;
    counts[spec.table] = {
      deleted: spec.erase.kind === 'delete' ? changed : 0,
      anonymised: spec.erase.kind === 'anonymise' ? changed : 0,
      ...(mentionConditions(spec).length > 0 ? { redacted } : {}),
    };
  }
  return counts;
}

/** `rows` of `spec` with the bytes of their file read from the blob store, where the table keeps one there. */
async function withFiles(spec: PersonTable, rows: RowsByTable[string]): Promise<RowsByTable[string]> {
  const file = spec.file;
  if (!file) return rows;
  for (const row of rows) {
    const key = row[file.key];
    if (typeof key === 'string' && !row[file.bytes]) row[file.bytes] = (await readBlob(key)) ?? null;
  }
  return rows;
}

/** The registered table staff may correct `column` of, or undefined. */
export function correctableColumn(
  table: string,
  column: string,
): { spec: PersonTable; kind: 'name' | 'email' | 'text' } | undefined {
  const spec = PERSON_TABLES.find((candidate) => candidate.table === table);
  const kind = spec?.correctable?.[column];
  return spec && kind ? { spec, kind } : undefined;
}

/**
 * Sets `column` of row `id` of `table` to `value` in the caller's transaction; false when there is no such row. The
 * table and column are one pair {@link correctableColumn} allows: they are written into the statement.
 */
export async function correctField(
  tx: Queryable,
  target: { table: string; column: string; id: string },
  value: string,
): Promise<boolean> {
  const { table, column, id } = target;
  const rows = await tx.query(`update ${table} set ${column} = $2 where id = $1 returning id::text as id`, [id, value]);
  return rows.length > 0;
}

function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    if (key === 'attachments' && Array.isArray(value)) {
      // File contents are listed by name; the files themselves are in the emails.
      out[key] = value.map((file: { filename?: unknown }) => ({ filename: file.filename }));
    } else out[key] = value instanceof Date ? value.toISOString() : value;
  }
  return out;
}
