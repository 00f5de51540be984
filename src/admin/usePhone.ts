import { useEffect, useState } from 'react';

/** The width below which the dashboard lays out for a phone (the stylesheets use the same). */
export const PHONE_QUERY = '(max-width: 40rem)';

/** True while the dashboard is laid out for a phone; follows the window as it is resized or turned. */
export function usePhone(): boolean {
  const [phone, setPhone] = useState(() => typeof matchMedia !== 'undefined' && matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    if (typeof matchMedia === 'undefined') return undefined;
    const query = matchMedia(PHONE_QUERY);
    const follow = () => setPhone(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return phone;
}
