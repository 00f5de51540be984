/**
 * The Astro integration that fails the build (and `astro dev`) before any page is written when a catalogue lacks a
 * key English has, naming each key: a Kiswahili page never shows a missing text. Registered in astro.config.mjs.
 */
import type { AstroIntegration } from 'astro';
import { assertCataloguesComplete, CATALOGUES, type Catalogue } from './catalogue.ts';

export function catalogueCheck(catalogues: Readonly<Record<string, Catalogue>> = CATALOGUES): AstroIntegration {
  return {
    name: 'catalogue-check',
    hooks: { 'astro:config:setup': () => assertCataloguesComplete(catalogues) },
  };
}
