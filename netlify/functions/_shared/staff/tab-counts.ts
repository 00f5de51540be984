/** How many records each tab of the /samu dashboard holds, as its opening page shows them. */
import { query, transaction } from '../platform/db.ts';

/** Table behind each counted resource. */
const TABLES = {
  events: 'events',
  contacts: 'contacts',
  newsletter: 'newsletter_subscribers',
  volunteers: 'volunteers',
  programs: 'programs',
  blog: 'blog_posts',
  donations: 'donations',
  gifts: 'gifts',
  media: 'media',
  children: 'children',
  calendar: 'site_events',
  team: 'team_members',
} as const;

/**
 * Tables whose count is the sum of their rows in `row_counts` (kept by triggers in the same transaction as the rows;
 * see its migration) instead of a scan: those that grow without bound.
 */
const SUMMED: ReadonlySet<string> = new Set(['events']);

/** Rows of one table in `row_counts` past which a read folds them into one. */
export const FOLD_AFTER = 1000;

/** The number of rows behind each counted resource, read in one statement. */
export async function tabCounts(foldAfter = FOLD_AFTER): Promise<Record<keyof typeof TABLES, number>> {
  const counts = Object.entries(TABLES)
    .map(([name, table]) =>
      SUMMED.has(table)
        ? `(select coalesce(sum(delta), 0) from row_counts where table_name = '${table}')::float8 as ${name},
           (select count(*) from row_counts where table_name = '${table}')::int as ${name}_rows`
        : `(select count(*) from ${table})::float8 as ${name}`,
    )
    .join(', ');
  const [row] = await query<Record<string, number>>(`select ${counts}`);
  const answer = Object.fromEntries(Object.keys(TABLES).map((name) => [name, row![name]!]));
  for (const [name, table] of Object.entries(TABLES)) {
    if (SUMMED.has(table) && row![`${name}_rows`]! > foldAfter) await fold(table);
  }
  return answer as Record<keyof typeof TABLES, number>;
}

/**
 * Folds a table's rows in `row_counts` into one with their sum. The lock (which a truncate's trigger takes too) keeps
 * a truncate from running between the fold's delete and insert; writers of the table wait for it only that long.
 */
async function fold(table: string): Promise<void> {
  await transaction(async (tx) => {
    await tx.query('lock table row_counts in share row exclusive mode');
    await tx.query(
      `with gone as (delete from row_counts where table_name = $1 returning delta)
       insert into row_counts (table_name, delta) select $1, sum(delta) from gone having count(*) > 0`,
      [table],
    );
  });
}
