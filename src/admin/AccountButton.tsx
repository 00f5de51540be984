import { useRef, useState } from 'react';
import AccountDialog from './AccountDialog.tsx';

type Props = Record<string, never>;

/** Opens the account dialog (sessions and password); focus returns here when it closes. */
export default function AccountButton(_props: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" className="button" ref={ref} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Account
      </button>
      {open && (
        <AccountDialog
          onClose={() => {
            setOpen(false);
            ref.current?.focus();
          }}
        />
      )}
    </>
  );
}
