import { useEffect, useRef, type KeyboardEvent } from 'react';
import { SEEN_COUNT_CAP } from '../schemas/notifications.ts';

type Props = {
  readonly label: string;
  readonly idPrefix: string;
  readonly tabs: readonly { readonly id: string; readonly label: string }[];
  readonly selected: string;
  readonly onSelect: (id: string) => void;
  /** Per tab id, how many of its rows are new for the signed-in staff member; shown when above 0. */
  readonly badges?: Readonly<Record<string, number>>;
  /** The id of the panel a tab shows (by default `<idPrefix>-<id>-panel`). */
  readonly controls?: (id: string) => string;
  /** Extra class names of the row (its layout). */
  readonly className?: string;
};

/**
 * An ARIA tablist: arrow keys move between tabs (and select them), Home and End jump to the ends. The row scrolls
 * sideways when the tabs do not fit, keeping the selected one in sight.
 */
export default function TabList({ label, idPrefix, tabs, selected, onSelect, badges, controls, className }: Props) {
  const refs = useRef(new Map<string, HTMLButtonElement>());
  const rowRef = useRef<HTMLDivElement>(null);

  // On a phone the row scrolls sideways: the selected tab is brought into it (also when chosen by the address), and
  // again whenever the row or a tab changes width (it is laid out, fonts arrive, badges come, the phone turns). Only the
  // row scrolls, never the page.
  useEffect(() => {
    const row = rowRef.current;
    if (!row) return undefined;
    const bringIntoRow = () => {
      const tab = refs.current.get(selected)?.getBoundingClientRect();
      const frame = row.getBoundingClientRect();
      if (!tab || frame.width === 0) return;
      if (tab.left < frame.left) row.scrollLeft -= frame.left - tab.left;
      else if (tab.right > frame.right) row.scrollLeft += tab.right - frame.right;
    };
    bringIntoRow();
    // The row's own width, and each tab's (a "new" badge widens the tabs before the selected one).
    const observer = new ResizeObserver(bringIntoRow);
    observer.observe(row);
    for (const tab of refs.current.values()) observer.observe(tab);
    return () => observer.disconnect();
  }, [selected]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number;
    switch (event.key) {
      case 'ArrowRight':
      case 'ArrowDown':
        next = (index + 1) % tabs.length;
        break;
      case 'ArrowLeft':
      case 'ArrowUp':
        next = (index - 1 + tabs.length) % tabs.length;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = tabs.length - 1;
        break;
      default:
        return;
    }
    event.preventDefault();
    const tab = tabs[next];
    if (!tab) return;
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }

  return (
    <div
      ref={rowRef}
      role="tablist"
      aria-label={label}
      className={className ? `tabs ${className}` : 'tabs'}
      onKeyDown={onKeyDown}
    >
      {tabs.map((tab) => {
        const active = tab.id === selected;
        const fresh = badges?.[tab.id] ?? 0;
        const badgeId = `${idPrefix}-${tab.id}-new`;
        return (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element);
              else refs.current.delete(tab.id);
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-${tab.id}`}
            aria-selected={active}
            aria-controls={controls ? controls(tab.id) : `${idPrefix}-${tab.id}-panel`}
            tabIndex={active ? 0 : -1}
            className="tab"
            onClick={() => onSelect(tab.id)}
            // The count describes the tab rather than naming it, so the tab keeps its plain name.
            {...(fresh > 0 ? { 'aria-describedby': badgeId } : {})}
          >
            {tab.label}
            {fresh > 0 && (
              <span id={badgeId} className="badge tab-badge" aria-hidden="true">
                {fresh >= SEEN_COUNT_CAP ? `${SEEN_COUNT_CAP - 1}+` : fresh} new
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
