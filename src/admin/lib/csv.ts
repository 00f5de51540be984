/** The CSV helpers live in src/lib/csv.ts, shared with the functions' exports. */
export * from '../../lib/csv.ts';
