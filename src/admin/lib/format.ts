/** Shows a donation amount with its currency ('$50.00'), or the bare figures when the currency is unknown. */
export function formatAmount(amount: unknown, currency: unknown): string {
  const value = typeof amount === 'number' ? amount : Number(amount);
  const code = typeof currency === 'string' && /^[A-Za-z]{3}$/.test(currency) ? currency.toUpperCase() : '';
  if (amount === null || amount === undefined || amount === '' || Number.isNaN(value)) return '';
  if (!code) return String(value);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(value);
  } catch {
    return `${value} ${code}`;
  }
}

/** Reads the file name out of a Content-Disposition header (RFC 6266, filename* preferred). */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A badly encoded name falls back to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/.exec(header);
  const name = plain?.[1]?.replaceAll(/\\(.)/g, '$1') ?? plain?.[2];
  return name ?? null;
}

/** Text of any value for a table cell. */
export function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return typeof value === 'object' ? JSON.stringify(value) : '';
}

/** A link target that is safe to render: site-relative paths and http(s) URLs only, else null. */
export function safeHref(url: unknown): string | null {
  if (typeof url !== 'string') return null;
  const trimmed = url.trim();
  if (/^\/(?!\/)/.test(trimmed) || /^https?:\/\//i.test(trimmed)) return trimmed;
  return null;
}

/**
 * The address to draw a preview of `url` from: a picture of this site (a path such as `/media/1/photo.jpg`), or null.
 * Off-site pictures are never drawn: the dashboard's policy forbids them, and loading one would tell its host who looks.
 */
export function previewSrc(url: unknown): string | null {
  const href = safeHref(url);
  return href && href.startsWith('/') && !href.startsWith('/\\') && isImageUrl(href) ? href : null;
}

/** True when a URL names an image the browser can preview (by its extension). */
export function isImageUrl(url: unknown): boolean {
  return typeof url === 'string' && /\.(?:jpe?g|png|webp|avif|gif)(?:[?#].*)?$/i.test(url);
}

/** Nouns whose one is not the many less an s. */
const SINGULARS: Readonly<Record<string, string>> = { children: 'child', people: 'person', entries: 'entry' };

/**
 * A count with its noun, given in the plural the lists use: (1, 'gifts') → '1 gift', (3, 'blog posts') →
 * '3 blog posts'. Only the last word changes.
 */
export function counted(count: number, plural: string): string {
  if (count === 1) {
    const words = plural.split(' ');
    const last = words.pop() ?? '';
    const one = SINGULARS[last] ?? (last.endsWith('ies') ? `${last.slice(0, -3)}y` : last.replace(/s$/, ''));
    return `1 ${[...words, one].join(' ')}`;
  }
  return `${count} ${plural}`;
}
