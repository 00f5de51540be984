/**
 * Scroll reveal without React: each `[data-reveal]` element fades in the first time it enters view and stays.
 * Without JavaScript (or with reduced motion) everything is simply visible.
 */

/** Visible fraction that reveals a section: 0.12 on Home, 0.1 elsewhere. */
export const REVEAL_THRESHOLD = { home: 0.12, default: 0.1 } as const;

/** Starts watching every `[data-reveal]` element; `threshold` comes from the page. */
export function initReveal(threshold: number): void {
  const elements = document.querySelectorAll<HTMLElement>('[data-reveal]:not(.is-revealed)');
  if (!('IntersectionObserver' in window)) {
    elements.forEach((element) => element.classList.add('is-revealed'));
    return;
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        entry.target.classList.add('is-revealed');
        observer.unobserve(entry.target);
      }
    },
    { threshold },
  );
  elements.forEach((element) => observer.observe(element));
}
