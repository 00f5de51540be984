/**
 * The site's words in each language: one catalogue per language (src/i18n/en.json, src/i18n/sw.json), flat keys
 * grouped by page or part (`nav.…`, `donate.…`), `{name}` for what is filled in. English is the reference: every key
 * it has, Kiswahili must have too. Imported by pages, islands and functions alike (no Astro, no DOM).
 */
import en from './en.json' with { type: 'json' };
import sw from './sw.json' with { type: 'json' };

export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Every key of the reference catalogue. */
export type MessageKey = keyof typeof en;
export type Catalogue = Readonly<Record<string, string>>;

export const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, sw };

/** `lang` / hreflang code and the Open Graph locale of each language. */
export const LANGUAGE_TAGS: Readonly<Record<Locale, { lang: string; og: string }>> = {
  en: { lang: 'en', og: 'en_KE' },
  sw: { lang: 'sw', og: 'sw_KE' },
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a stored or posted value names, English when it names none we have. */
export function localeOr(value: unknown): Locale {
  return isLocale(value) ? value : DEFAULT_LOCALE;
}

/** The keys `reference` has that `other` lacks or leaves blank, in the reference's order. */
export function missingKeys(reference: Catalogue, other: Catalogue): string[] {
  return Object.keys(reference).filter((key) => !(other[key] ?? '').trim());
}

/** Throws, naming every missing key, unless each catalogue has every key of English (run at build start). */
export function assertCataloguesComplete(catalogues: Readonly<Record<string, Catalogue>> = CATALOGUES): void {
  const reference = catalogues[DEFAULT_LOCALE] ?? {};
  const problems = Object.entries(catalogues)
    .filter(([locale]) => locale !== DEFAULT_LOCALE)
    .flatMap(([locale, catalogue]) => missingKeys(reference, catalogue).map((key) => `${locale}: ${key}`));
  if (problems.length) {
    throw new Error(`Missing translations (add them to src/i18n/<language>.json):\n  ${problems.join('\n  ')}`);
  }
}

export type Vars = Readonly<Record<string, string | number>>;

/** Fills `{name}` places; a place without a value is an error, never shown as `{name}`. */
function fill(text: string, key: string, vars: Vars = {}): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`"${key}" needs a value for {${name}}`);
    return String(value);
  });
}

/** The text of `key` in `locale`. A key missing from the catalogue throws, so a page never shows a key or a gap. */
export function translate(locale: Locale, key: MessageKey, vars?: Vars, catalogues = CATALOGUES): string {
  const text = catalogues[locale][key];
  if (text === undefined || !text.trim()) throw new Error(`Missing translation "${key}" in src/i18n/${locale}.json`);
  return fill(text, key, vars);
}

export type Translate = (key: MessageKey, vars?: Vars) => string;

/** `t` bound to one language: `const t = translator(locale); t('nav.home')`. */
export function translator(locale: Locale): Translate {
  return (key, vars) => translate(locale, key, vars);
}

/** Every key under the given prefixes, in `locale`: the words handed to an island (see ./words.ts). */
export function wordsFor(locale: Locale, ...prefixes: string[]): Partial<Record<MessageKey, string>> {
  const words: Partial<Record<MessageKey, string>> = {};
  for (const key of Object.keys(CATALOGUES.en) as MessageKey[]) {
    if (!prefixes.some((prefix) => key.startsWith(prefix))) continue;
    const text = CATALOGUES[locale][key];
    if (text === undefined || !text.trim()) throw new Error(`Missing translation "${key}" in src/i18n/${locale}.json`);
    // Handed over unfilled: the island fills the places ({name}) itself.
    words[key] = text;
  }
  return words;
}
