/** Longest slug suggested from a title. */
const MAX_SLUG = 80;

/** Suggests a URL slug from a title: 'Back to School 2025!' → 'back-to-school-2025'. */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replaceAll(/\p{M}/gu, '')
    .toLowerCase()
    .replaceAll(/[^a-z0-9]+/g, '-')
    .replaceAll(/^-+|-+$/g, '')
    .slice(0, MAX_SLUG)
    .replace(/-+$/, '');
}
