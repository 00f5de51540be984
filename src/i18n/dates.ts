/** The locale `Intl` formats dates in for each language of the site (Kenyan English and Kenyan Kiswahili). */
export function dateLocale(locale: string): string {
  return locale === 'sw' ? 'sw-KE' : 'en-GB';
}
