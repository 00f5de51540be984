import { readdirSync } from 'node:fs';

/** Every public page of the route table, without the stories and the 404 page. */
export const PUBLIC_PAGES = [
  '/',
  '/about',
  '/programs',
  '/programs/school-volunteering',
  '/programs/hospital-internships',
  '/get-involved',
  '/sponsor',
  '/donate',
  '/volunteer',
  '/children',
  '/blog',
  '/contact',
];

/**
 * The pages with a Kiswahili version (a file under src/pages/sw/, without the dynamic ones, the 404 page and the
 * "sent" pages kept out of search), at their /sw/ address: what `npm run audit` and the Kiswahili specs check beside
 * the English pages.
 */
export const KISWAHILI_PAGES = readdirSync('src/pages/sw', { recursive: true, encoding: 'utf8' })
  .filter(
    (file) => file.endsWith('.astro') && !file.includes('[') && !file.startsWith('404') && !file.endsWith('sent.astro'),
  )
  .map((file) => `/sw/${file.replace(/\.astro$/, '').replace(/(^|\/)index$/, '')}`.replace(/\/$/, '') || '/sw')
  .sort();
