/**
 * Recognises the upload types staff may store by their first bytes, never by name or declared type,
 * and turns a file name into a safe URL part carrying the detected extension.
 */

/** A recognised upload type. */
export interface FileType {
  /** MIME type the file is served with. */
  mime: string;
  /** Extension the stored name gets. */
  ext: string;
}

const ascii = (bytes: Uint8Array, start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end));

const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

/** ISO-BMFF brands of AVIF stills and sequences. */
const AVIF_BRANDS = new Set(['avif', 'avis']);

function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length);
  if (AVIF_BRANDS.has(ascii(bytes, 8, 12))) return true;
  // Compatible brands follow the major brand and minor version.
  for (let at = 16; at + 4 <= end; at += 4) if (AVIF_BRANDS.has(ascii(bytes, at, at + 4))) return true;
  return false;
}

/** The type of an upload from its bytes, or null when it is not one staff may upload (SVG included). */
export function detectFileType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mime: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { mime: 'image/png', ext: 'png' };
  if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a'))
    return { mime: 'image/gif', ext: 'gif' };
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP')
    return { mime: 'image/webp', ext: 'webp' };
  if (isAvif(bytes)) return { mime: 'image/avif', ext: 'avif' };
  if (bytes.length >= 5 && ascii(bytes, 0, 5) === '%PDF-') return { mime: 'application/pdf', ext: 'pdf' };
  return null;
}

/** A lowercase `[a-z0-9._-]` name of at most 100 characters ending in `.ext`, from whatever was sent. */
export function safeFileName(original: string, ext: string): string {
  const base = (original.split(/[\\/]/).pop() ?? '')
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\.[^.]*$/, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100 - ext.length - 1)
    .replace(/-+$/, '');
  return `${base || 'file'}.${ext}`;
}
