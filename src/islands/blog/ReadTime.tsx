import { useEffect, useState } from 'react';
import { INITIAL_READ_MINUTES, READ_TIME_REFRESH_MS, nextReadMinutes, readTimeLabel } from '../../lib/read-time.ts';

type Props = Record<never, never>;

/**
 * The story's reading time: 5 minutes at first, then every 10 seconds the minutes spent on the page (rounded up),
 * never going down. `performance.now()` counts from the page's start and ignores clock changes.
 */
export default function ReadTime(_props: Props) {
  const [minutes, setMinutes] = useState(INITIAL_READ_MINUTES);
  useEffect(() => {
    const timer = setInterval(() => {
      setMinutes((shown) => nextReadMinutes(shown, performance.now()));
    }, READ_TIME_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return <span data-read-time>{readTimeLabel(minutes)}</span>;
}
