/**
 * The budgets `npm run bench:scale` holds the dashboard and the jobs to: the product's targets and the
 * platform's limits (docs/decisions.md names each source). A figure over one is a failure.
 */

const MB = 2 ** 20;

export const BUDGETS = {
  /** Lists, search, the person page, stats and the Monday overview: p95 over HTTP. */
  interactiveP95Ms: 300,
  /** A CSV (or PDF) export: answered within this, and no larger than a buffered answer (else a background export). */
  exportMs: 10_000,
  exportBytes: 6 * MB,
  /** A synchronous function's answer: buffered, and streamed. */
  bufferedBytes: 6 * MB,
  streamedBytes: 20 * MB,
  /** One downloaded file of a backup: the piece size the backup keeps under the streamed limit. */
  backupPieceBytes: 16 * MB,
  /** A synchronous function's run: the default, and the most it can be raised to. */
  syncDefaultMs: 10_000,
  syncMaxMs: 26_000,
  /** A background function's run. */
  backgroundMs: 15 * 60_000,
  /** A scheduled function's run. */
  scheduledMs: 30_000,
  /** Memory of one function instance. */
  memoryBytes: 1024 * MB,
} as const;

/** Bytes in MB, for the tables. */
export const mb = (bytes: number) => `${(bytes / MB).toFixed(bytes < 10 * MB ? 2 : 0)} MB`;
