import { useEffect, useRef, useState, type ReactNode } from 'react';

type Props = { readonly children: ReactNode };

/**
 * Free text in a table cell (a message, an event's details). On a phone clamped-text.css holds it to two lines so a row stays
 * short and the first screen shows several rows; when the text runs longer, a "Show all" button opens the rest in
 * place. On a wide screen nothing is clamped, nothing overflows, and no button shows.
 */
export default function ClampedText({ children }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    // Measured again whenever the cell's width changes (a phone turned sideways, a column widened by a new row).
    const observer = new ResizeObserver(() => setOverflows(element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <div className={open ? 'clamped is-open' : 'clamped'}>
      <div className="clamped-text" ref={box}>
        {children}
      </div>
      {(overflows || open) && (
        <button type="button" className="clamp-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </div>
  );
}
