import { useState, type ReactNode } from 'react';

type Props = {
  /** The summary's text: what the folded part holds. */
  readonly summary: string;
  readonly children: ReactNode;
};

/** The width below which the dashboard lays out for a phone (the dashboard's phone sheets use the same). */
const PHONE = '(max-width: 40rem)';

/**
 * A part of a tab that comes before its list, in a disclosure: open on a wide screen, folded on a phone so the list
 * is on the first screen. The staff member opens or closes it as they like; a native <details> needs no script for it.
 */
export default function Fold({ summary, children }: Props) {
  const [open, setOpen] = useState(() => typeof matchMedia === 'undefined' || !matchMedia(PHONE).matches);
  return (
    <details className="fold" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {children}
    </details>
  );
}
