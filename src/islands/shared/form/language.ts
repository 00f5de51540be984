import { createContext, useContext } from 'react';
import { wordsT, type Words } from '../../../i18n/words.ts';

/**
 * The language of an island's page, handed over by the page (`islandLanguage()` in src/i18n/island.ts): its code,
 * the island's words, and the consent line its form shows.
 */
export type IslandLanguage = { locale: string; words: Words; consent: string };

/** The language of the enclosing form, for the kit's parts (summary, buttons, name and email). */
export const FormLanguage = createContext<IslandLanguage | null>(null);

/** The enclosing form's `t`; outside a TrackForm it is an error (every form hands its language over). */
export function useFormWords() {
  const language = useContext(FormLanguage);
  if (!language) throw new Error('A form kit part is used outside a TrackForm');
  return wordsT(language.words);
}
