import { useEffect } from 'react';

/**
 * Lets static buttons rendered by Astro open an island's dialog: a click on any element carrying the data
 * attribute `data-<name>` calls `onTrigger` with the attribute's value. The button is focused first so the
 * dialog returns focus to it on close in every browser (Safari does not focus buttons on click).
 * On mount the triggers get `data-ready`, which marks them as working.
 */
export function useTrigger(name: string, onTrigger: (value: string) => void): void {
  useEffect(() => {
    const attribute = `data-${name}`;
    const selector = `[${attribute}]`;
    const triggers = document.querySelectorAll<HTMLElement>(selector);
    triggers.forEach((trigger) => trigger.setAttribute('data-ready', ''));
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>(selector) : null;
      if (!target) return;
      event.preventDefault();
      target.focus();
      onTrigger(target.getAttribute(attribute) ?? '');
    };
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('click', onClick);
      triggers.forEach((trigger) => trigger.removeAttribute('data-ready'));
    };
  }, [name, onTrigger]);
}
