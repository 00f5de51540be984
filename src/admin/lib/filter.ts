/** Lower-cases and strips accents so 'Zoë' is found by 'zoe'. */
export function normalize(text: string): string {
  return text.normalize('NFKD').replaceAll(/\p{M}/gu, '').toLowerCase();
}

/** The rows whose text contains every word of the query (case- and accent-insensitive); all rows for a blank query. */
export function filterRows<T>(rows: readonly T[], query: string, text: (row: T) => string): T[] {
  const words = normalize(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = normalize(text(row));
    return words.every((word) => haystack.includes(word));
  });
}
