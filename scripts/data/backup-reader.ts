/**
 * Reads a backup's file (or its pieces in order) line by line, never holding the whole file: backup.ts writes the
 * header on the first line, each table's name on a line of its own followed by its rows one per line
 * (`row_to_json`, which escapes every line break), then each file of the blob manifest on a line of its own:
 *
 *   {"format":"watoto-backup","version":2,"createdAt":…,"migrations":[…],"tables":{
 *   "events":[
 *   {…},
 *   {…}],
 *   "programs":[],
 *   …
 *   },"blobs":[
 *   {"key":…,"data":"<base64>"},
 *   …
 *   ]}
 *
 * A first pass checks every line and every file's bytes against its SHA-256 and notes where each table's rows and the
 * files start; the restore then reads each table again, in the order it needs, and the files last. A file not in
 * this layout (hand-edited, pretty-printed) is read whole when it is small enough, else refused.
 */
import { z } from 'zod';
import { backupFilesOf, linesOf, LineTooLong, type BackupFiles, type Line } from './backup-lines.ts';
import {
  batches,
  BlobSchema,
  checkedFile,
  checkPieceOrder,
  HeaderSchema,
  parseBackup,
  readBackupFiles,
  RowSchema,
  wholeReader,
  type BackupHeader,
  type BackupReader,
} from './restore.ts';

/** The largest file read whole when it is not in the line layout (a string cannot exceed about 512 MiB). */
export const WHOLE_FILE_LIMIT = 128 * 1024 * 1024;

/** The longest header line looked for before deciding the file is not in the line layout. */
const MAX_HEADER_LINE = 1024 * 1024;

const HEADER = /^\{"format":.*,"tables":\{$/;
const TABLE = /^("(?:[^"\\]|\\.)*"):\[(\])?(,)?$/;
const TABLES_END = '},"blobs":[';
const END = ']}';

/** Where a table's rows are in the file. */
interface Section {
  name: string;
  rows: number;
  from: number;
  to: number;
  firstNumber: number;
}

class BackupLineError extends Error {
  constructor(line: Line | number, what: string) {
    super(`Line ${typeof line === 'number' ? line : line.number}: ${what}`);
  }
}

/** A line's item of a list (a row or a file): its JSON text, and whether the list goes on, or its table ends. */
function item(line: Line, closes: boolean): { json: string; more: boolean; closed: boolean } {
  let text = line.text;
  const more = text.endsWith(',');
  if (more) text = text.slice(0, -1);
  const closed = closes && text.endsWith('}]');
  if (closed) text = text.slice(0, -1);
  if (!text.startsWith('{') || !text.endsWith('}')) throw new BackupLineError(line, 'expected one JSON object');
  if (closes && !closed && !more) throw new BackupLineError(line, 'the row is followed by neither "," nor "]"');
  return { json: text, more, closed };
}

function parsed<T>(line: Line, schema: z.ZodType<T>, json: string, what: string): T {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new BackupLineError(line, `${what} is not JSON (is the line cut short?)`);
  }
  const result = schema.safeParse(value);
  if (!result.success) throw new BackupLineError(line, `${what} is not as expected: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** The first pass: checks every line and file; notes each table's rows and where the files start. */
async function index(files: BackupFiles, header: BackupHeader) {
  const sections: Section[] = [];
  const missing: string[] = [];
  let fileCount = 0;
  let blobs: { from: number; firstNumber: number } | null = null;
  let state: 'tables' | 'rows' | 'blobs' | 'end' = 'tables';
  let more = false;
  let section: Section | null = null;
  let last = 1;
  for await (const line of linesOf(files, { firstNumber: 1 })) {
    last = line.number;
    if (line.number === 1) continue;
    if (state === 'rows' && section) {
      const row = item(line, true);
      parsed(line, RowSchema, row.json, 'the row');
      section.rows += 1;
      if (row.closed) {
        section.to = line.end;
        state = 'tables';
        more = row.more;
      }
    } else if (state === 'tables') {
      const table = TABLE.exec(line.text);
      if (table && (more || sections.length === 0)) {
        const name = JSON.parse(table[1]!) as string;
        if (sections.some((known) => known.name === name)) throw new BackupLineError(line, `table ${name} twice`);
        section = { name, rows: 0, from: line.end, to: line.end, firstNumber: line.number + 1 };
        sections.push(section);
        if (table[2]) more = Boolean(table[3]);
        else if (table[3]) throw new BackupLineError(line, 'a table that is not closed is followed by ","');
        else state = 'rows';
      } else if (!more && line.text === TABLES_END) {
        state = 'blobs';
        more = false;
        blobs = { from: line.end, firstNumber: line.number + 1 };
      } else if (!more && line.text === '}}' && header.version === 1) {
        state = 'end';
      } else {
        throw new BackupLineError(line, more ? 'expected the next table' : `expected the end of the tables`);
      }
    } else if (state === 'blobs') {
      if (line.text === END && !more) {
        state = 'end';
        continue;
      }
      const file = item(line, false);
      const entry = parsed(line, BlobSchema, file.json, 'the file entry');
      try {
        if (checkedFile(entry)) fileCount += 1;
        else missing.push(entry.key);
      } catch (error) {
        throw new BackupLineError(line, error instanceof Error ? error.message : String(error));
      }
      more = file.more;
    } else if (line.text.trim() !== '') {
      throw new BackupLineError(line, 'the backup goes on after its end');
    }
  }
  if (state !== 'end') {
    throw new BackupLineError(last, 'the backup ends early (is the download complete, and are all its parts given?)');
  }
  return { sections, missing, fileCount, blobs };
}

/** The header of `files` when their first line is the header of the line layout, else null. */
async function headerOf(files: BackupFiles): Promise<{ header: BackupHeader; line: Line } | null> {
  try {
    for await (const line of linesOf(files, { maxLine: MAX_HEADER_LINE })) {
      if (!HEADER.test(line.text)) return null;
      return { header: parsed(line, HeaderSchema, `${line.text}}}`, 'the header'), line };
    }
  } catch (error) {
    if (error instanceof LineTooLong) return null;
    throw error;
  }
  return null;
}

/**
 * Opens the backup in `paths` (one file, or its pieces in order) for the restore, after checking all of it: each
 * line's form, each row, and each file's bytes against its SHA-256. Throws naming the line of the first fault.
 */
export async function openBackup(paths: readonly string[]): Promise<BackupReader> {
  checkPieceOrder(paths);
  const files = await backupFilesOf(paths);
  const found = await headerOf(files);
  if (!found) {
    if (files.bytes > WHOLE_FILE_LIMIT) {
      throw new Error(
        `The file does not start as the dashboard writes a backup (its header alone on the first line), and at ` +
          `${Math.round(files.bytes / 1e6)} MB it is too large to read whole: restore the file the dashboard made`,
      );
    }
    return wholeReader(parseBackup(await readBackupFiles(paths)));
  }
  const { header } = found;
  const { sections, missing, fileCount, blobs } = await index(files, header);
  return {
    layout: 'lines',
    header,
    tables: sections.map(({ name, rows }) => ({ name, rows })),
    rows(table) {
      const section = sections.find((known) => known.name === table);
      return batches(section && section.rows > 0 ? rowsOf(files, section) : []);
    },
    files: () => filesOf(files, blobs),
    fileCount,
    missing,
  };
}

async function* rowsOf(files: BackupFiles, section: Section): AsyncGenerator<string> {
  for await (const line of linesOf(files, { from: section.from, to: section.to, firstNumber: section.firstNumber })) {
    yield item(line, true).json;
  }
}

/** The files of the manifest, read again from `from`, each checked again (the file may have changed since). */
async function* filesOf(files: BackupFiles, start: { from: number; firstNumber: number } | null) {
  if (!start) return;
  const { from, firstNumber } = start;
  for await (const line of linesOf(files, { from, firstNumber })) {
    if (line.text === END) return;
    const file = checkedFile(parsed(line, BlobSchema, item(line, false).json, 'the file entry'));
    if (file) yield file;
  }
}
