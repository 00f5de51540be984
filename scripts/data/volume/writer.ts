/**
 * Writes generated rows in large batches: one `insert … select * from unnest($1::type[], …)` per few thousand rows,
 * so a year-five database fills in minutes on either database. Ids are chosen by the generator (rows refer to each
 * other), so identity columns are written with `overriding system value` and their sequences moved past them after.
 */
import type { Queryable } from '../../../netlify/functions/_shared/platform/db.ts';

/** Rows per statement: large enough to be quick, small enough for PGlite's memory. */
const BATCH_ROWS = 4000;

/** A table's columns as `[name, PostgreSQL type]`. */
export type Columns = readonly (readonly [string, string])[];

/** Collects the rows of one table and inserts them a batch at a time. */
export class TableWriter {
  private rows: unknown[][] = [];
  /** Rows written so far. */
  written = 0;

  private readonly db: Queryable;
  readonly table: string;
  private readonly columns: Columns;
  private readonly options: { identity?: boolean; dependsOn?: TableWriter };

  constructor(
    db: Queryable,
    table: string,
    columns: Columns,
    options: { identity?: boolean; dependsOn?: TableWriter } = {},
  ) {
    this.db = db;
    this.table = table;
    this.columns = columns;
    this.options = options;
  }

  private get identity(): boolean {
    return this.options.identity ?? true;
  }

  /** Adds a row (values in the order of the columns); writes a batch when one is full. */
  async add(row: unknown[]): Promise<void> {
    this.rows.push(row);
    if (this.rows.length >= BATCH_ROWS) await this.flush();
  }

  /** Writes what is collected. */
  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    // The rows these refer to are written first (a foreign key is checked at the end of each statement).
    await this.options.dependsOn?.flush();
    const rows = this.rows;
    this.rows = [];
    const names = this.columns.map(([name]) => name).join(', ');
    const arrays = this.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    const params = this.columns.map((_, i) => rows.map((row) => row[i] ?? null));
    await this.db.query(
      `insert into ${this.table} (${names}) ${this.identity ? 'overriding system value' : ''}
       select * from unnest(${arrays})`,
      params,
    );
    this.written += rows.length;
  }

  /** Writes the rest and moves the identity sequence past the ids written. */
  async close(): Promise<void> {
    await this.flush();
    if (!this.identity) return;
    await this.db.query(
      `select setval(pg_get_serial_sequence('${this.table}', 'id'), greatest((select max(id) from ${this.table}), 1))`,
    );
  }
}
