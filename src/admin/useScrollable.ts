import { useEffect, useRef, useState } from 'react';

/**
 * For a region that may scroll (the counts row on a phone, a table frame with more rows or columns than it shows): a
 * ref for it, and whether its content overflows it right now, either way. Such a region must take keyboard focus so it
 * can be scrolled without a mouse (WCAG 2.1.1); one that fits is left out of the tab order, as a stop that does
 * nothing.
 */
export function useScrollable<T extends HTMLElement>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [scrollable, setScrollable] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () =>
      setScrollable(element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight);
    measure();
    // The region's own size (the window) and its content's (rows or counts arriving) both change the answer.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrollable];
}
