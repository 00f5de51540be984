import { describe, expect, it } from 'vitest';
import {
  assertCataloguesComplete,
  CATALOGUES,
  missingKeys,
  translate,
  type Catalogue,
} from '../../src/i18n/catalogue.ts';
import { catalogueCheck } from '../../src/i18n/catalogue-check.ts';
import { localeOfPath, localePath, pageKey, pathWithoutLocale } from '../../src/i18n/paths.ts';

/** English with one key taken out of Kiswahili, as a translator who forgot one would leave it. */
function withPlantedGap(key: string): { en: Catalogue; sw: Catalogue } {
  const sw: Record<string, string> = { ...CATALOGUES.sw };
  delete sw[key];
  return { en: CATALOGUES.en, sw };
}

describe('the language catalogues', () => {
  it('Kiswahili has every key English has (the check the build runs passes on the shipped catalogues)', () => {
    expect(missingKeys(CATALOGUES.en, CATALOGUES.sw)).toEqual([]);
    expect(() => assertCataloguesComplete()).not.toThrow();
  });

  it('a planted missing key fails the build check, naming the key and the file to add it to', () => {
    const planted = withPlantedGap('nav.donateNow');
    expect(() => assertCataloguesComplete(planted)).toThrow('sw: nav.donateNow');
    // The integration astro.config.mjs registers: its setup hook, which runs before any page is built, throws.
    const setup = catalogueCheck(planted).hooks['astro:config:setup'] as () => void;
    expect(setup).toThrow('Missing translations (add them to src/i18n/<language>.json):\n  sw: nav.donateNow');
    expect(catalogueCheck().hooks['astro:config:setup'] as () => void).not.toThrow();
  });

  it('a blank translation counts as missing', () => {
    expect(missingKeys({ a: 'Donate', b: 'Home' }, { a: '  ', b: 'Mwanzo' })).toEqual(['a']);
  });

  it('a page asking for a key the catalogue lacks fails its render instead of showing the key', () => {
    const planted = withPlantedGap('notFound.heading');
    expect(() => translate('sw', 'notFound.heading', undefined, planted)).toThrow(
      'Missing translation "notFound.heading" in src/i18n/sw.json',
    );
    expect(translate('sw', 'notFound.heading')).toBe('Samahani! Ukurasa haupatikani');
  });

  it('fills places and refuses to show an unfilled one', () => {
    expect(translate('sw', 'footer.rights', { year: 2026, name: 'Tumaini' })).toBe(
      '© 2026 Tumaini. Haki zote zimehifadhiwa.',
    );
    expect(() => translate('sw', 'footer.rights', { year: 2026 })).toThrow('{name}');
  });
});

describe('addresses in each language', () => {
  it('puts Kiswahili under /sw/ and English at the root', () => {
    expect(localePath('sw', '/donate')).toBe('/sw/donate');
    expect(localePath('sw', '/')).toBe('/sw/');
    expect(localePath('en', '/sw/donate/')).toBe('/donate/');
    expect(localePath('en', '/sw/')).toBe('/');
    expect(localePath('sw', '/sw/programs/school-volunteering/')).toBe('/sw/programs/school-volunteering/');
  });

  it('reads the language and the page from an address', () => {
    expect(localeOfPath('/sw/donate/')).toBe('sw');
    expect(localeOfPath('/swahili-day/')).toBe('en');
    expect(pathWithoutLocale('/sw')).toBe('/');
    expect(pageKey('/sw/programs/hospital-internships/')).toBe('/programs/hospital-internships');
    expect(pageKey('/')).toBe('/');
  });
});
