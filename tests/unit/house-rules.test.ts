import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** Files git tracks under the given folders whose names end with one of the extensions. */
function trackedFiles(folders: string[], extensions: string[]): string[] {
  const listed = execFileSync('git', ['ls-files', '--', ...folders], { encoding: 'utf8' });
  return listed.split('\n').filter((path) => extensions.some((extension) => path.endsWith(extension)));
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

  it('comments speak of the code, not of specification sections or issue numbers the repository does not hold', () => {
    const sources = trackedFiles(['src', 'netlify', 'scripts'], ['.ts', '.tsx', '.astro', '.mjs', '.sql', '.css']);
    const citing = sources.filter((path) => /spec §|issue \d+/i.test(readFileSync(path, 'utf8')));
    expect(citing).toEqual([]);
  });
});
