import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const COMPONENTS = join(ROOT, 'src/components');
const ISLANDS = join(ROOT, 'src/islands');

/** Every source file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(astro|tsx?|jsx?|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

type Import = { file: string; clause: string; target: string };

/** The imports of a file (static `import … from`, bare `import '…'`, and dynamic `import('…')`), resolved. */
function imports(file: string): Import[] {
  const text = readFileSync(file, 'utf8');
  const found: Import[] = [];
  const patterns = [/\bimport\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g, /\bimport\s*\(?\s*()['"]([^'"]+)['"]/g];
  for (const pattern of patterns) {
    for (const [, clause = '', specifier = ''] of text.matchAll(pattern)) {
      if (!specifier.startsWith('.')) continue;
      found.push({ file: relative(ROOT, file), clause: clause.trim(), target: resolve(dirname(file), specifier) });
    }
  }
  return found;
}

const inside = (path: string, dir: string) => !relative(dir, path).startsWith('..');

describe('layers point one way', () => {
  test('components import from islands only the default export of an island, to render it', () => {
    const crossing = sources(COMPONENTS)
      .flatMap(imports)
      .filter((entry) => inside(entry.target, ISLANDS));
    const notARender = crossing.filter(
      (entry) => !/^[A-Z][A-Za-z0-9]*$/.test(entry.clause) || !entry.target.endsWith('.tsx'),
    );
    expect(notARender.map((entry) => `${entry.file}: import ${entry.clause} from ${entry.target}`)).toEqual([]);
    // The check would see a crossing: the child card is rendered from the one React card.
    expect(crossing.length).toBeGreaterThan(0);
  });

  test('islands never import from components', () => {
    const crossing = sources(ISLANDS)
      .flatMap(imports)
      .filter((entry) => inside(entry.target, COMPONENTS));
    expect(crossing.map((entry) => `${entry.file} imports ${relative(ROOT, entry.target)}`)).toEqual([]);
  });
});
