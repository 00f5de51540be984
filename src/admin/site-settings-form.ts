/** The Site settings form's plumbing: values by path, and the problems of a check or an answer by path. */
import type { z } from 'zod';
import type { SiteSettings } from '../schemas/site-settings.ts';
import type { Issue } from './lib/issues.ts';

/** A place in the settings, e.g. ['contact', 'phone'] or ['slides', 2, 'title']. */
export type Path = readonly (string | number)[];

/** The value at `path`, as form text. */
export function valueAt(settings: SiteSettings, path: Path): string {
  let current: unknown = settings;
  for (const key of path) current = (current as Record<string | number, unknown> | undefined)?.[key];
  if (typeof current === 'string') return current;
  return typeof current === 'number' || typeof current === 'boolean' ? String(current) : '';
}

/** A copy of `value` with `next` at `path` (arrays stay arrays). */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path;
  const container = value as unknown as Record<string | number, unknown>;
  const copy = (Array.isArray(value) ? [...value] : { ...container }) as Record<string | number, unknown>;
  copy[key!] = setAt(container[key!], rest, next);
  return copy as T;
}

/** The key a problem is filed under: the path joined with dots. */
export const keyOf = (path: Path) => path.join('.');

/** The problems of a failed check, first one per field. */
export function problemsOf(error: z.ZodError): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = keyOf(issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part)));
    found[key] ??= issue.message;
  }
  return found;
}

/** The problems a refused save named, by field. */
export function problemsFromServer(issues: readonly Issue[]): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of issues) found[issue.path] ??= issue.message;
  return found;
}

/** The weekday names, Sunday first (0 = Sunday, as the office hours store them). */
export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** A new slide's starting values (its picture to be chosen). */
export function blankSlide(taken: readonly string[]): SiteSettings['slides'][number] {
  let n = taken.length + 1;
  while (taken.includes(`slide-${n}`)) n += 1;
  return { id: `slide-${n}`, title: '', subtitle: '', quote: '', quoteAuthor: '', image: '', imageAlt: '' };
}

/** `list` with the item at `from` moved to `to`. */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = [...list];
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}
