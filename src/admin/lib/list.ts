/** A row as it comes from an admin list: an object with a string id. */
export type Row = { readonly id: string } & Readonly<Record<string, unknown>>;

/**
 * One page of a list answer. `eventsThrough`: the newest event id stored before the rows were read (null when the
 * answer does not say), from which the live stream catches the list up (stores/data.ts).
 */
export type ListPage = {
  readonly rows: Row[];
  readonly nextCursor: string | null;
  readonly eventsThrough: string | null;
};

/** Other names a server might wrap a list in (a named field, or a bare list). */
const ALIASES: Readonly<Record<string, readonly string[]>> = {
  newsletter: ['subscribers', 'newsletter_subscribers'],
  blog: ['posts', 'blog_posts'],
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function toRows(items: readonly unknown[]): Row[] {
  const rows: Row[] = [];
  for (const item of items) {
    if (!isRecord(item)) continue;
    const id = item['id'];
    if (typeof id !== 'string' && typeof id !== 'number') continue;
    rows.push({ ...item, id: String(id) });
  }
  return rows;
}

/** Reads a list answer whether it is a bare array or wrapped in a field named after the resource (or any single array field). */
export function unwrapList(body: unknown, resource: string): ListPage {
  if (Array.isArray(body)) return { rows: toRows(body), nextCursor: null, eventsThrough: null };
  if (!isRecord(body)) return { rows: [], nextCursor: null, eventsThrough: null };
  const cursor = body['nextCursor'] ?? body['next_cursor'];
  const nextCursor = typeof cursor === 'string' || typeof cursor === 'number' ? String(cursor) : null;
  const through = body['eventsThrough'];
  const eventsThrough = typeof through === 'string' && /^\d+$/.test(through) ? through : null;
  for (const name of [resource, ...(ALIASES[resource] ?? []), 'items', 'data', 'rows', 'results']) {
    const value = body[name];
    if (Array.isArray(value)) return { rows: toRows(value), nextCursor, eventsThrough };
  }
  const arrays = Object.values(body).filter((value) => Array.isArray(value));
  const only = arrays.length === 1 ? arrays[0] : undefined;
  return { rows: Array.isArray(only) ? toRows(only) : [], nextCursor, eventsThrough };
}

/** Reads a single-record answer wrapped in a named field ({program}, {post}, {media}) or bare. */
export function unwrapRecord(body: unknown, names: readonly string[]): Row | null {
  if (!isRecord(body)) return null;
  for (const name of names) {
    const value = body[name];
    if (isRecord(value)) return toRows([value])[0] ?? null;
  }
  return toRows([body])[0] ?? null;
}

/** Adds the rows of a further page to those already shown, without repeating any id. */
export function appendPage(existing: readonly Row[], more: readonly Row[]): Row[] {
  const seen = new Set(existing.map((row) => row.id));
  return [...existing, ...more.filter((row) => !seen.has(row.id))];
}
