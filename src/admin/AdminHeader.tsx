import type { RefObject } from 'react';
import AccountButton from './AccountButton.tsx';
import BackupButton from './BackupButton.tsx';

type Props = {
  readonly headingRef: RefObject<HTMLHeadingElement | null>;
  readonly onLogout: () => void;
};

/** The dashboard's top bar: title, View Site, Create backup, Account and Logout. */
export default function AdminHeader({ headingRef, onLogout }: Props) {
  return (
    <header className="admin-header">
      <h1 ref={headingRef} tabIndex={-1}>
        Staff dashboard
      </h1>
      <nav aria-label="Dashboard actions" className="header-actions">
        <a className="button" href="/">
          View Site
        </a>
        <BackupButton />
        <AccountButton />
        <button type="button" className="button" onClick={onLogout}>
          Logout
        </button>
      </nav>
    </header>
  );
}
