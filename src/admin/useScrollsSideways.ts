import { useEffect, useRef, useState } from 'react';

/**
 * For a region that may scroll sideways (the counts row on a phone, a wide table): a ref for it, and whether its
 * content is wider than it right now. Such a region must take keyboard focus so it can be scrolled without a mouse
 * (WCAG 2.1.1); one that fits is left out of the tab order, so a wide screen has no stop that does nothing.
 */
export function useScrollsSideways<T extends HTMLElement>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    measure();
    // The region's own size (the window) and its content's (rows or counts arriving) both change the answer.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return [ref, scrolls];
}
