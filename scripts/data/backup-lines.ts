/**
 * The lines of a backup's file, or of its pieces read one after the other as one file, without ever holding more
 * than one line: each line is decoded from its own bytes, so a piece may end anywhere, even inside a character.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';

/** One line of the file: its text (without its line ending), its number and where its bytes start and end. */
export interface Line {
  text: string;
  /** 1 for the first line of the file. */
  number: number;
  /** Offset of its first byte in the files joined. */
  start: number;
  /** Offset after its line ending. */
  end: number;
}

/** The files of one backup, in order, with their sizes. */
export interface BackupFiles {
  paths: readonly string[];
  sizes: readonly number[];
  /** The sum of their sizes. */
  bytes: number;
}

/** The files `paths`, with their sizes. */
export async function backupFilesOf(paths: readonly string[]): Promise<BackupFiles> {
  const sizes = await Promise.all(paths.map(async (path) => (await stat(path)).size));
  return { paths, sizes, bytes: sizes.reduce((sum, size) => sum + size, 0) };
}

/** The bytes of `files` joined, from offset `from` up to `to`, in chunks. */
async function* bytesOf(files: BackupFiles, from: number, to: number): AsyncGenerator<Buffer> {
  let offset = 0;
  for (const [index, path] of files.paths.entries()) {
    const size = files.sizes[index] ?? 0;
    const start = Math.max(from, offset) - offset;
    const end = Math.min(to, offset + size) - offset;
    offset += size;
    if (end <= start) continue;
    for await (const chunk of createReadStream(path, { start, end: end - 1, highWaterMark: 1 << 20 })) {
      yield chunk as Buffer;
    }
  }
}

/**
 * The lines of `files` between offsets `from` and `to` (a line's start; the whole file by default), numbered from
 * `firstNumber`. A last line without its line ending is given too.
 */
export async function* linesOf(
  files: BackupFiles,
  { from = 0, to = files.bytes, firstNumber = 1, maxLine = Infinity } = {},
): AsyncGenerator<Line> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let start = from;
  let number = firstNumber;
  const line = (bytes: Buffer, end: number): Line => {
    const text = bytes.toString('utf8');
    const made = { text: text.endsWith('\r') ? text.slice(0, -1) : text, number, start, end };
    number += 1;
    start = end;
    return made;
  };
  let offset = from;
  for await (const chunk of bytesOf(files, from, to)) {
    let at = 0;
    for (;;) {
      const newline = chunk.indexOf(0x0a, at);
      if (newline < 0) break;
      const piece = chunk.subarray(at, newline);
      const bytes = pending.length === 0 ? piece : Buffer.concat([...pending, piece]);
      pending = [];
      pendingBytes = 0;
      yield line(bytes, offset + newline + 1);
      at = newline + 1;
    }
    if (at < chunk.length) {
      pending.push(chunk.subarray(at));
      pendingBytes += chunk.length - at;
      if (pendingBytes > maxLine) throw new LineTooLong(number);
    }
    offset += chunk.length;
  }
  if (pendingBytes > 0) yield line(Buffer.concat(pending), offset);
}

/** Thrown by {@link linesOf} when a line is longer than its `maxLine`. */
export class LineTooLong extends Error {
  readonly lineNumber: number;
  constructor(lineNumber: number) {
    super(`Line ${lineNumber} is longer than expected`);
    this.lineNumber = lineNumber;
  }
}
