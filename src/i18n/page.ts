/**
 * A page's language, words and addresses in both languages, read from its URL (Astro pages and components only).
 * Kiswahili pages are the files under src/pages/sw/ (each a thin wrapper around the English page's view); every
 * other page is shown under /sw/ in English with a note (Astro's i18n fallback, astro.config.mjs).
 */
import { LOCALES, translator, type Locale, type Translate } from './catalogue.ts';
import { localeOfPath, localePath, pageKey } from './paths.ts';

const swFiles = Object.keys(import.meta.glob('../pages/sw/**/*.astro'));

/**
 * The pages with a Kiswahili version, as patterns of page keys: `/`, `/donate`, and `/sent/[form]` for every
 * form's "sent" page.
 */
const TRANSLATED_ROUTES: readonly RegExp[] = swFiles.map((file) => {
  const key = pageKey(
    file
      .replace('../pages', '')
      .replace(/\.astro$/, '')
      .replace(/\/index$/, '/'),
  );
  const pattern = key
    .split('/')
    .map((segment) => (/^\[.+\]$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${pattern}$`);
});

/** True when the page known by `key` (see pageKey) has a Kiswahili version. */
export function isTranslated(key: string): boolean {
  return TRANSLATED_ROUTES.some((route) => route.test(key));
}

export type PageLanguage = {
  locale: Locale;
  t: Translate;
  /** A site page in this page's language: `href('/donate')` → `/sw/donate` on a Kiswahili page. */
  href: (path: string) => string;
  /** False on an English page shown under /sw/ because it has no Kiswahili version yet. */
  translated: boolean;
  /**
   * This page in each language: the switcher's links and the alternates search engines are told of (hreflang). A page
   * with no Kiswahili text (a story written in English only) still has its /sw/ address: the English text inside the
   * Kiswahili navigation, with a note.
   */
  versions: { locale: Locale; path: string }[];
};

/**
 * Takes `Astro.originPathname`: the address the visitor asked for, which on an English fallback under /sw/ differs from
 * `Astro.url` (that of the English page rendered in its place).
 */
export function pageLanguage(pathname: string): PageLanguage {
  const locale = localeOfPath(pathname);
  const hasSw = isTranslated(pageKey(pathname));
  const versions = LOCALES.map((each) => ({ locale: each, path: localePath(each, pathname) }));
  return {
    locale,
    t: translator(locale),
    href: (path) => localePath(locale, path),
    translated: locale === 'en' || hasSw,
    versions,
  };
}
