import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';

/**
 * Source text names neither spec sections nor issue numbers: neither the spec nor the issues live in the repository,
 * so "spec §4" or "(issue 29)" leaves a newcomer nothing to follow. A comment says what the code does and why.
 */

/** The folders whose every text file is read. */
const ROOTS = ['src', 'netlify', 'scripts', 'support', 'tests'];

/** Files that name the patterns themselves, to find them. */
const SKIPPED_FILES = new Set(['tests/unit/comment-references.test.ts', 'tests/unit/house-rules.test.ts']);

/** Folders never read: installed packages and build output. */
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

/** Files that are not text (images, fonts). */
const BINARY = /\.(jpe?g|png|gif|webp|avif|ico|woff2?|ttf|otf|pdf)$/i;

/**
 * "spec §N", "issue N", and a bare "§N" (as in "the §8 alert"), in any case; a section of a public standard such
 * as "RFC 9110 §11.1" is a reference a reader can follow and is allowed.
 */
const REFERENCE = /spec §|issue \d+|(?<!RFC \d+ )§\s?\d/gi;

/** Every text file under `dir`, as a path with forward slashes. */
function textFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name).replaceAll('\\', '/');
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : textFiles(path);
    return entry.isFile() && !BINARY.test(entry.name) && !SKIPPED_FILES.has(path) ? [path] : [];
  });
}

/** Each reference in the read files as `path:line: text`. */
function references(): { path: string; found: string }[] {
  return ROOTS.flatMap(textFiles).flatMap((path) =>
    readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        line.match(REFERENCE) ? [{ path, found: `${path}:${index + 1}: ${line.trim()}` }] : [],
      ),
  );
}

describe('comment references', () => {
  test('no source file names a spec section or an issue number', () => {
    expect(references().map(({ found }) => found)).toEqual([]);
  });

  test('the pattern finds the kinds of reference it is meant to, and not a public standard', () => {
    const matches = (text: string) => (text.match(REFERENCE) ?? []).length > 0;
    expect(matches('/** The label of each school urgency (spec §4). */')).toBe(true);
    expect(matches('// The gift ledger (issue 29): pending gifts')).toBe(true);
    expect(matches('/** Spec §8 success text of the contact form. */')).toBe(true);
    expect(matches('the §8 alert shows once the server has accepted it')).toBe(true);
    expect(matches('// The scheme is case-insensitive (RFC 9110 §11.1).')).toBe(false);
    expect(matches('// an issue with the network')).toBe(false);
  });
});
