import { readFileSync } from 'node:fs';
import { satisfies } from 'semver';
import { describe, expect, test } from 'vitest';

/** One package as package-lock.json (lockfileVersion 3) records it. */
interface LockedPackage {
  readonly version?: string;
  readonly optionalDependencies?: Readonly<Record<string, string>>;
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  lockfileVersion: number;
  packages: Record<string, LockedPackage>;
};

/** The installed path of `name` as seen from the package at `from`: its own node_modules first, then each parent's. */
function resolve(from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!base) return undefined;
    const at = base.lastIndexOf('node_modules/');
    base = at <= 0 ? '' : base.slice(0, at - 1);
  }
}

describe('package-lock.json', () => {
  test('holds every optional (platform) dependency of every locked package, so npm ci works on any OS', () => {
    expect(lock.lockfileVersion).toBe(3);
    const missing = Object.entries(lock.packages).flatMap(([path, locked]) =>
      Object.entries(locked.optionalDependencies ?? {})
        .filter(([name, range]) => {
          const found = resolve(path, name);
          const version = found ? lock.packages[found]?.version : undefined;
          return !version || !satisfies(version, range);
        })
        .map(([name, range]) => `${path || '(root)'} → ${name}@${range}`),
    );
    expect(missing).toEqual([]);
  });
});
