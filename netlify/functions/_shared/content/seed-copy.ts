/**
 * A committed JSON seed copied into a table (children, the team): the first time /samu lists the table, each seed
 * entry it never held becomes a published row marked `file_copy`, so the file's text keeps winning until someone
 * edits the row (src/loaders/seeded.ts). Copying is idempotent, and a row made in the dashboard with a seed entry's
 * id is never overwritten.
 */
import { query, transaction, type Queryable } from '../platform/db.ts';

/** How one seed is copied. Table names are constants of the caller, never input. */
export interface SeedCopy<Entry> {
  /** The table of records; it has `slug` (unique), `status` and `file_copy` columns. */
  table: string;
  /**
   * A table of the slugs ever copied, when a copied row may later be removed: a removed copy is then never copied
   * again. Without it, a seed entry is copied whenever the table lacks its slug.
   */
  ledger?: string;
  /** The committed entries, in file order. */
  seed: readonly Entry[];
  /** An entry's id on the site (the row's slug). */
  slugOf: (entry: Entry) => string;
  /** The row's columns for an entry at `position` in the file (`slug` among them). */
  row: (entry: Entry, position: number) => Record<string, unknown>;
  /** Runs in the copy's transaction after an entry's row was inserted, with the new row's id. */
  copied?: (tx: Queryable, id: string, entry: Entry) => Promise<void>;
}

/** Copies the entries of `spec.seed` never copied before, published, in one transaction. */
export async function copySeed<Entry>(spec: SeedCopy<Entry>): Promise<void> {
  const [known] = await query<{ slugs: string[] }>(
    `select coalesce(array_agg(slug), $1::text[]) as slugs from ${spec.ledger ?? spec.table}`,
    [[]],
  );
  const missing = spec.seed
    .map((entry, position) => ({ entry, position }))
    .filter(({ entry }) => !known?.slugs.includes(spec.slugOf(entry)));
  if (missing.length === 0) return;
  await transaction(async (tx) => {
    for (const { entry, position } of missing) {
      if (spec.ledger) {
        const [first] = await tx.query(
          `insert into ${spec.ledger} (slug) values ($1) on conflict do nothing returning slug`,
          [spec.slugOf(entry)],
        );
        if (!first) continue;
      }
      const values = spec.row(entry, position);
      const columns = Object.keys(values);
      const [row] = await tx.query<{ id: string }>(
        `insert into ${spec.table} (${columns.join(', ')}, status, file_copy)
         values (${columns.map((_, i) => `$${i + 1}`).join(', ')}, 'published', true)
         on conflict (slug) do nothing returning id::text as id`,
        Object.values(values),
      );
      if (row && spec.copied) await spec.copied(tx, row.id, entry);
    }
  });
}
