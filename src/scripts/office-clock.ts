/**
 * The contact page's clock: the current time in Nairobi, ticking every second, and whether the office is open now.
 * The page is built ahead of time, so until this runs the holder shows a neutral placeholder rather than a stale
 * time. A plain script (no framework): it writes three lines, which is not worth React.
 */
import type { Words } from '../i18n/words.ts';
import {
  CLOCK_REFRESH_MS,
  formatNairobiDate,
  formatNairobiTime,
  isOfficeOpen,
  type OfficeHoursRule,
} from '../lib/office-hours.ts';

/**
 * The clock's words on the English page (the catalogue's `contact.clock.` keys): kept here rather than in the page,
 * so the built English page holds no "Open now" or "Closed now" before the browser knows the time.
 */
export const ENGLISH_CLOCK_WORDS: Words = {
  'contact.clock.label': 'Current time in Nairobi',
  'contact.clock.pending': 'Checking the time in Nairobi…',
  'contact.clock.open': 'Open now',
  'contact.clock.closed': 'Closed now',
};

/** A paragraph of the clock, with its class. */
function line(name: string): HTMLParagraphElement {
  const paragraph = document.createElement('p');
  paragraph.className = `office-clock__${name}`;
  return paragraph;
}

/** Starts every `[data-office-clock]` holder of the page: its rules, locale and (other than English) words. */
export function startOfficeClocks(): void {
  for (const clock of document.querySelectorAll<HTMLElement>('[data-office-clock="pending"]')) {
    const rules = JSON.parse(clock.dataset['rules'] ?? '[]') as OfficeHoursRule[];
    const locale = clock.dataset['locale'] ?? 'en';
    const words = { ...ENGLISH_CLOCK_WORDS, ...(JSON.parse(clock.dataset['words'] ?? '{}') as Words) };
    const time = document.createElement('time');
    time.dataset['nairobiTime'] = '';
    const date = line('date');
    const status = line('status');
    status.dataset['officeStatus'] = '';
    const dot = document.createElement('span');
    dot.className = 'office-clock__dot';
    dot.setAttribute('aria-hidden', 'true');
    const statusText = document.createTextNode('');
    status.append(dot, statusText);
    const tick = () => {
      const now = new Date();
      const open = isOfficeOpen(now, rules);
      time.dateTime = now.toISOString();
      time.textContent = formatNairobiTime(now, locale);
      date.textContent = formatNairobiDate(now, locale);
      status.className = `office-clock__status office-clock__status--${open ? 'open' : 'closed'}`;
      statusText.data = (open ? words['contact.clock.open'] : words['contact.clock.closed']) ?? '';
    };
    tick();
    clock.querySelector('.office-clock__time')?.replaceChildren(time);
    clock.append(date, status);
    clock.dataset['officeClock'] = 'ready';
    setInterval(tick, CLOCK_REFRESH_MS);
  }
}
