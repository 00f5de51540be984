import { useEffect, useState } from 'react';
import {
  CLOCK_REFRESH_MS,
  formatNairobiDate,
  formatNairobiTime,
  isOfficeOpen,
  type OfficeHoursRule,
} from '../../lib/office-hours.ts';
import { wordsT, type Words } from '../../i18n/words.ts';

type Props = {
  /** The opening hours of `site.officeHours`. */
  rules: OfficeHoursRule[];
  /** The page's language, for the time and date. */
  locale: string;
  /**
   * The clock's words (`contact.clock.`) in that language; the English page hands none, so its built page holds
   * no "Open now" or "Closed now" before the browser knows the time.
   */
  words?: Words | undefined;
};

/** The clock's words on the English page (the catalogue's `contact.clock.` keys). */
export const ENGLISH_CLOCK_WORDS: Words = {
  'contact.clock.label': 'Current time in Nairobi',
  'contact.clock.pending': 'Checking the time in Nairobi…',
  'contact.clock.open': 'Open now',
  'contact.clock.closed': 'Closed now',
};

/**
 * The current time in Nairobi, ticking every second, and whether the office is open now. The page is
 * built ahead of time, so until the browser takes over it shows a neutral placeholder rather than a stale time.
 */
export default function OfficeClock({ rules, locale, words = ENGLISH_CLOCK_WORDS }: Props) {
  const t = wordsT(words);
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (!now) {
    return (
      <div className="office-clock" data-office-clock="pending">
        <p className="office-clock__label">{t('contact.clock.label')}</p>
        <p className="office-clock__time">{t('contact.clock.pending')}</p>
      </div>
    );
  }
  const open = isOfficeOpen(now, rules);
  return (
    <div className="office-clock" data-office-clock="ready">
      <p className="office-clock__label">{t('contact.clock.label')}</p>
      <p className="office-clock__time">
        <time dateTime={now.toISOString()} data-nairobi-time>
          {formatNairobiTime(now, locale)}
        </time>
      </p>
      <p className="office-clock__date">{formatNairobiDate(now, locale)}</p>
      <p className={`office-clock__status office-clock__status--${open ? 'open' : 'closed'}`} data-office-status>
        <span aria-hidden="true" className="office-clock__dot" />
        {open ? t('contact.clock.open') : t('contact.clock.closed')}
      </p>
    </div>
  );
}
