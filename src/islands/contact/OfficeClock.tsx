import { useEffect, useState } from 'react';
import {
  CLOCK_REFRESH_MS,
  formatNairobiDate,
  formatNairobiTime,
  isOfficeOpen,
  type OfficeHoursRule,
} from '../../lib/office-hours.ts';

type Props = {
  /** The opening hours of `site.officeHours`. */
  rules: OfficeHoursRule[];
};

/**
 * The current time in Nairobi, ticking every second, and whether the office is open now. The page is
 * built ahead of time, so until the browser takes over it shows a neutral placeholder rather than a stale time.
 */
export default function OfficeClock({ rules }: Props) {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), CLOCK_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (!now) {
    return (
      <div className="office-clock" data-office-clock="pending">
        <p className="office-clock__label">Current time in Nairobi</p>
        <p className="office-clock__time">Checking the time in Nairobi…</p>
      </div>
    );
  }
  const open = isOfficeOpen(now, rules);
  return (
    <div className="office-clock" data-office-clock="ready">
      <p className="office-clock__label">Current time in Nairobi</p>
      <p className="office-clock__time">
        <time dateTime={now.toISOString()} data-nairobi-time>
          {formatNairobiTime(now)}
        </time>
      </p>
      <p className="office-clock__date">{formatNairobiDate(now)}</p>
      <p className={`office-clock__status office-clock__status--${open ? 'open' : 'closed'}`} data-office-status>
        <span aria-hidden="true" className="office-clock__dot" />
        {open ? 'Open now' : 'Closed now'}
      </p>
    </div>
  );
}
