/**
 * The newcomer's maps stay true: every file or folder that README's project structure or CONTRIBUTING.md names
 * exists in the repository.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const folders = new Set(
  tracked.flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => `${parts.slice(0, i + 1).join('/')}/`),
  ),
);

/** True when some tracked file or folder is `name` or ends with `/name` (a map may name a path below its section). */
function inTree(name: string): boolean {
  if (name.endsWith('/')) return [...folders].some((folder) => folder === name || folder.endsWith(`/${name}`));
  return tracked.some((file) => file === name || file.endsWith(`/${name}`)) || inTree(`${name}/`);
}

/** The words of a map that read as a path: with a slash or a file extension, no placeholder, not a URL path. */
function pathsIn(words: Iterable<string>): string[] {
  return [...words]
    .map((word) => word.replace(/[,.:;]+$/, ''))
    .filter((word) => /\/|\.(ts|tsx|astro|json|md|mjs|toml|sql|css)$/.test(word))
    .filter((word) => !/[<>*{}()=$]/.test(word) && !/^[/@.]/.test(word) && !word.startsWith('dist/'));
}

test("README's project structure names only what exists", () => {
  const readme = readFileSync('README.md', 'utf8');
  const map = readme.split('## Project structure')[1]?.split('```')[1] ?? '';
  const named = pathsIn(map.match(/[\w./-]+/g) ?? []);
  expect(named.length).toBeGreaterThan(20);
  expect(named.filter((name) => !inTree(name))).toEqual([]);
});

test('CONTRIBUTING.md names only files and folders that exist', () => {
  const contributing = readFileSync('CONTRIBUTING.md', 'utf8');
  const named = pathsIn([...contributing.matchAll(/`([^`\s]+)`/g)].map((match) => match[1] ?? ''));
  expect(named.length).toBeGreaterThan(40);
  expect(named.filter((name) => !inTree(name))).toEqual([]);
});
