/**
 * The text of a PDF that PDFKit drew with its standard fonts, for assertions: each content stream is inflated, and
 * the hex strings of every text object (`BT … ET`) are decoded (WinAnsi, which is Latin-1 for the characters our
 * PDFs print). Text objects are joined by a space and runs of white space collapsed, so a line PDFKit wrapped reads
 * as one sentence again.
 */
import { inflateSync } from 'node:zlib';

/** The words of `pdf`, in the order they are drawn. */
export function pdfText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  const pieces: string[] = [];
  for (const [, data = ''] of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      content = data;
    }
    for (const [, block = ''] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const hex = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map(([, digits = '']) => digits).join('');
      pieces.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return pieces.join(' ').replace(/\s+/g, ' ').trim();
}
