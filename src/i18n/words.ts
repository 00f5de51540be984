/**
 * The words an island shows, handed to it as a prop (a plain object of the keys it uses), so no page ships a whole
 * catalogue: `<DonationForm words={wordsFor(locale, 'donationForm.', 'form.')} />`, then `const t = wordsT(words)`
 * in the island. Zod-free and JSON-free: islands import this module, never catalogue.ts.
 */
import type { MessageKey, Vars } from './catalogue.ts';

/** Some keys of one catalogue, already in the page's language. */
export type Words = Readonly<Partial<Record<MessageKey, string>>>;

/** Reads `key` from `words`, filling `{name}` places; a key the page did not hand over throws (a build error). */
export function wordsT(words: Words): (key: MessageKey, vars?: Vars) => string {
  return (key, vars = {}) => {
    const text = words[key];
    if (text === undefined) throw new Error(`The island was not given the words "${key}"`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = vars[name];
      if (value === undefined) throw new Error(`"${key}" needs a value for {${name}}`);
      return String(value);
    });
  };
}
