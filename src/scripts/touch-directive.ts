/**
 * `client:touch`: an island hydrates when the visitor first reaches into it (a tap, a press, focus, a key, typing),
 * or at once if it already has focus or edited fields when this runs. Until then its server-rendered HTML works on
 * its own (forms post, fields keep what is typed, `commandfor` buttons open their dialogs), so a page only read
 * fetches no framework. A click that only a script can answer (not on a link, a field, a label or a button with a
 * native action), made while the island's code is on its way, is dispatched again once the island has hydrated, so
 * the first tap is not lost; a click with a native action already happened and is not repeated. Astro inlines this
 * in each page that uses it, so it stays a few hundred bytes.
 *
 * `client:touch={{ query: ['amount'] }}`: the island also hydrates at once when the address carries one of those
 * parameters, a choice made elsewhere (a link from another page, a shared filter) that only the island can show.
 */
import type { ClientDirective } from 'astro';

const REACH = ['pointerdown', 'touchstart', 'focusin', 'keydown', 'input', 'click'];

/** What the browser answers by itself: a click on it is never repeated. */
const NATIVE = 'a[href],input,select,textarea,label,summary,button:not([type=button]),[commandfor],[data-opens]';

/** A field whose value or choice differs from the page as built (a select without a chosen option shows its first). */
function edited(island: HTMLElement): boolean {
  return [...island.querySelectorAll<HTMLInputElement & HTMLSelectElement>('input,textarea,select')].some((field) => {
    if (field.options) {
      const options = [...field.options];
      return field.multiple
        ? options.some((option) => option.selected !== option.defaultSelected)
        : field.selectedIndex !==
            Math.max(
              0,
              options.findLastIndex((option) => option.defaultSelected),
            );
    }
    return /^(checkbox|radio)$/.test(field.type)
      ? field.checked !== field.defaultChecked
      : field.value !== field.defaultValue;
  });
}

const touch: ClientDirective = (load, options, island) => {
  let waiting = true;
  const clicked: Element[] = [];
  const click = (event: Event) => {
    const target = event.target;
    if (waiting && target instanceof Element && !target.closest(NATIVE)) clicked.push(target);
  };
  const wake = async () => {
    const hydrate = await load();
    waiting = false;
    island.removeEventListener('click', click, true);
    await hydrate();
    for (const target of clicked)
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  };
  const start = () => {
    for (const type of REACH) island.removeEventListener(type, start, true);
    void wake();
  };
  island.addEventListener('click', click, true);
  for (const type of REACH) island.addEventListener(type, start, { capture: true, passive: true });
  const query = (options.value as { query?: string[] } | undefined)?.query ?? [];
  const address = new URLSearchParams(location.search);
  if (island.contains(document.activeElement) || edited(island) || query.some((name) => address.has(name))) start();
};

export default touch;
