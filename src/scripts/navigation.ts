/**
 * The navigation bar without React: solid once the page scrolls past 50 px or while the mobile menu is open,
 * one dropdown open at a time, and a slide-in menu on small screens. Escape closes whatever is open.
 */

/** Scroll distance after which the bar turns white with a shadow. */
export const NAV_SCROLL_THRESHOLD = 50;

/** Wires up the navigation bar of the current page. */
export function initNavigation(): void {
  const nav = document.querySelector<HTMLElement>('[data-nav]');
  const menu = nav?.querySelector<HTMLElement>('[data-menu]');
  const toggle = nav?.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const backdrop = nav?.querySelector<HTMLElement>('[data-menu-backdrop]');
  if (!nav || !menu || !toggle || !backdrop) return;
  const dropdowns = [...nav.querySelectorAll<HTMLElement>('[data-dropdown]')];
  let menuOpen = false;

  const updateSolid = () => nav.classList.toggle('is-solid', menuOpen || window.scrollY > NAV_SCROLL_THRESHOLD);

  const setDropdown = (open: HTMLElement | null) => {
    for (const dropdown of dropdowns) {
      const isOpen = dropdown === open;
      dropdown.classList.toggle('is-open', isOpen);
      dropdown.querySelector('[data-dropdown-toggle]')?.setAttribute('aria-expanded', String(isOpen));
    }
  };

  const setMenu = (open: boolean) => {
    menuOpen = open;
    menu.classList.toggle('is-open', open);
    backdrop.hidden = !open;
    toggle.setAttribute('aria-expanded', String(open));
    updateSolid();
    if (open) menu.querySelector<HTMLElement>('a, button')?.focus();
    else setDropdown(null);
  };

  for (const dropdown of dropdowns) {
    dropdown.querySelector('[data-dropdown-toggle]')?.addEventListener('click', () => {
      setDropdown(dropdown.classList.contains('is-open') ? null : dropdown);
    });
  }

  toggle.addEventListener('click', () => setMenu(!menuOpen));
  backdrop.addEventListener('click', () => setMenu(false));
  menu.querySelector('[data-menu-close]')?.addEventListener('click', () => {
    setMenu(false);
    toggle.focus();
  });
  menu.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) {
      setDropdown(null);
      if (menuOpen) setMenu(false);
    }
  });

  document.addEventListener('click', (event) => {
    if (!(event.target as Element).closest('[data-dropdown]')) setDropdown(null);
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const openDropdown = dropdowns.find((dropdown) => dropdown.classList.contains('is-open'));
    if (openDropdown) {
      setDropdown(null);
      openDropdown.querySelector<HTMLElement>('[data-dropdown-toggle]')?.focus();
    } else if (menuOpen) {
      setMenu(false);
      toggle.focus();
    }
  });
  // Crossing back to the desktop layout must not leave a hidden drawer holding the page.
  window.matchMedia('(min-width: 60.0625rem)').addEventListener('change', () => setMenu(false));

  window.addEventListener('scroll', updateSolid, { passive: true });
  updateSolid();
}
