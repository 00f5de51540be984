import { useEffect } from 'react';

/**
 * Lets static buttons rendered by Astro tell an island which item they are for: a click on any element carrying
 * `data-<name>` calls `onTrigger` with the attribute's value (e.g. a school id to preset in the application).
 * The button still does its own work, such as opening a dialog with `commandfor`, so it works before hydration too.
 * On mount the triggers get `data-ready`, which marks the enhancement as live.
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
      // Safari does not focus a clicked button; focus it so the dialog returns focus here on close.
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
