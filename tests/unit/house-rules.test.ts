import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Files git tracks under the given folders (and not deleted since) whose names end with one of the extensions. */
function trackedFiles(folders: string[], extensions: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '--', ...folders], { encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((path) => extensions.some((extension) => path.endsWith(extension)) && existsSync(path));
}

function longerThan(paths: string[], limit: number): string[] {
  return paths
    .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > limit)
    .map(({ path, lines }) => `${path}: ${lines} lines`);
}

describe('a house a newcomer can read', () => {
  it('keeps every stylesheet at 400 lines or fewer', () => {
    const sheets = trackedFiles(['src'], ['.css']);
    expect(sheets.length).toBeGreaterThan(10);
    expect(longerThan(sheets, 400)).toEqual([]);
  });

  it('keeps every source file at 450 lines or fewer', () => {
    const sources = trackedFiles(
      ['src', 'netlify', 'scripts', 'support', 'tests'],
      ['.ts', '.tsx', '.astro', '.mjs', '.sql'],
    );
    expect(sources.length).toBeGreaterThan(100);
    expect(longerThan(sources, 450)).toEqual([]);
  });

  it("keeps the local server's own code (scripts/lib) at 1,000 lines or fewer, with no package's private files", () => {
    const runtime = trackedFiles(['scripts/lib'], ['.ts']);
    const lines = runtime.reduce((total, path) => total + readFileSync(path, 'utf8').split('\n').length - 1, 0);
    expect(lines).toBeGreaterThan(500);
    expect(lines).toBeLessThanOrEqual(1000);
    // Nothing writes into node_modules, and no package's own files are read past what it exports.
    const reaching = trackedFiles(['scripts', 'support', 'src', 'netlify'], ['.ts', '.mjs']).filter((path) =>
      /node_modules[\\/]\.cache|\.resolve\([^)]*\)[\s\S]{0,80}package\.json/.test(readFileSync(path, 'utf8')),
    );
    expect(reaching).toEqual([]);
  });

  it('comments speak of the code, not of specification sections or issue numbers the repository does not hold', () => {
    const sources = trackedFiles(['src', 'netlify', 'scripts'], ['.ts', '.tsx', '.astro', '.mjs', '.sql', '.css']);
    const citing = sources.filter((path) => /spec §|issue \d+/i.test(readFileSync(path, 'utf8')));
    expect(citing).toEqual([]);
  });
});
