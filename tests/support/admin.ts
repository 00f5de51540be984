/**
 * Helpers for the admin API tests: sample file bytes by type, and requests carrying a staff token.
 */
const text = (value: string) => new TextEncoder().encode(value);

function concat(...parts: (Uint8Array | number[])[]): Uint8Array {
  const arrays = parts.map((part) => (part instanceof Uint8Array ? part : Uint8Array.from(part)));
  const out = new Uint8Array(arrays.reduce((n, a) => n + a.length, 0));
  let at = 0;
  for (const a of arrays) {
    out.set(a, at);
    at += a.length;
  }
  return out;
}

/** The first bytes of a file of `kind`, padded to `size` bytes. */
export function bytesOf(kind: 'png' | 'jpeg' | 'gif' | 'webp' | 'avif' | 'pdf' | 'svg', size = 64): Uint8Array {
  const head = {
    png: concat([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], [0, 0, 0, 13], text('IHDR')),
    jpeg: concat([0xff, 0xd8, 0xff, 0xe0, 0, 16], text('JFIF')),
    gif: text('GIF89a'),
    webp: concat(text('RIFF'), [0x24, 0, 0, 0], text('WEBPVP8 ')),
    avif: concat([0, 0, 0, 28], text('ftypavif'), [0, 0, 0, 0], text('avifmif1miaf')),
    pdf: text('%PDF-1.7\n'),
    svg: text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  }[kind];
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
}
