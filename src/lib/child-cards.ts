/** Children as the /children and /sponsor islands take them: plain JSON with responsive images, built at build time. */
import type { Child } from '../data.ts';
import { storyTeaser, type ChildCardData } from './children.ts';
import { responsiveImage } from './images.ts';
import { translate, type Locale } from '../i18n/catalogue.ts';

/** Widths of a card portrait (the sources are 600 px square). */
const CARD_IMAGE_WIDTHS = [320, 480, 600];

/**
 * The card fields of each child, with the story cut to its teaser and the portrait made responsive; the portrait's
 * fixed alternative text is in the page's `locale` (a record's own one stays as written).
 */
export async function childCardData(children: readonly Child[], locale: Locale = 'en'): Promise<ChildCardData[]> {
  return Promise.all(
    children.map(async (child) => ({
      id: child.id,
      name: child.name,
      age: child.age,
      location: child.location ?? '',
      school: child.school ?? '',
      dreamJob: child.dreamJob,
      monthlyNeed: child.monthlyNeed,
      teaser: storyTeaser(child.story),
      image: await responsiveImage(child.image, CARD_IMAGE_WIDTHS),
      alt: child.photo ? (child.imageAlt ?? translate(locale, 'children.portraitAlt', { name: child.name })) : '',
    })),
  );
}
