/** The outcome of reading the media meta field. */
export type ParsedMeta = { readonly meta: Record<string, unknown>; readonly valid: boolean };

/** Reads the media meta text: a JSON object is kept; blank is {}; anything else is saved as {} and flagged invalid. */
export function parseMeta(text: string): ParsedMeta {
  if (text.trim() === '') return { meta: {}, valid: true };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return { meta: value as Record<string, unknown>, valid: true };
    }
  } catch {
    // Falls through: the spec saves unreadable meta as an empty object.
  }
  return { meta: {}, valid: false };
}

/** Shows a stored meta object in the form: pretty JSON, or blank for an empty or missing one. */
export function formatMeta(meta: unknown): string {
  if (typeof meta !== 'object' || meta === null || Object.keys(meta).length === 0) return '';
  return JSON.stringify(meta, null, 2);
}
