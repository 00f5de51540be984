/**
 * Where a page is in each language: English at the root as before, Kiswahili under /sw/. Pure, for pages, scripts
 * and functions.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from './catalogue.ts';

/** The language a path is in: `/sw/donate` → sw, anything else → en. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1] ?? '';
  return LOCALES.find((locale) => locale !== DEFAULT_LOCALE && locale === first) ?? DEFAULT_LOCALE;
}

/** The path without its language prefix, always starting with `/`: `/sw/donate/` → `/donate/`, `/sw` → `/`. */
export function pathWithoutLocale(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  const rest = pathname.slice(locale.length + 1);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** The same page in `locale`: `localePath('sw', '/donate')` → `/sw/donate`; root-relative links only. */
export function localePath(locale: Locale, path: string): string {
  const base = pathWithoutLocale(path);
  if (locale === DEFAULT_LOCALE) return base;
  return base === '/' ? `/${locale}/` : `/${locale}${base}`;
}

/** The key a page is known by in every language: no prefix, no trailing slash (`/` for home). */
export function pageKey(pathname: string): string {
  return pathWithoutLocale(pathname).replace(/\/+$/, '') || '/';
}
