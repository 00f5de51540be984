/** Staff account `npm start` bootstraps for the browser tests (from ADMIN_USERNAME / ADMIN_PASSWORD). */
export const e2eAdmin = {
  username: process.env['ADMIN_USERNAME'] ?? 'staff',
  password: process.env['ADMIN_PASSWORD'] ?? 'e2e-password-please-change',
};

/**
 * Two more staff accounts, used only by tests/e2e/notifications.spec.ts: what one staff member has seen must not
 * depend on another spec opening tabs as {@link e2eAdmin} at the same time.
 */
export const e2eNotifiedAdmins = [
  {
    username: process.env['ADMIN_USERNAME_2'] ?? 'staff-amina',
    password: process.env['ADMIN_PASSWORD_2'] ?? 'e2e-second-password-change',
  },
  {
    username: process.env['ADMIN_USERNAME_3'] ?? 'staff-brian',
    password: process.env['ADMIN_PASSWORD_3'] ?? 'e2e-third-password-change',
  },
] as const;

/**
 * The staff account tests/e2e/staff-account.spec.ts changes the password of: a change ends every session of the
 * account, so it is one no other spec signs in with.
 */
export const e2eAccountOwner = {
  username: process.env['ADMIN_USERNAME_4'] ?? 'staff-wanjiru',
  password: process.env['ADMIN_PASSWORD_4'] ?? 'e2e-fourth-password-change',
};

/**
 * The staff account whose other sessions tests/e2e/sessions.spec.ts signs out ("Sign out everywhere else"): one no
 * other spec signs in with, so no other spec's session ends under it.
 */
export const e2eSessionsOwner = {
  username: process.env['ADMIN_USERNAME_5'] ?? 'staff-otieno',
  password: process.env['ADMIN_PASSWORD_5'] ?? 'e2e-fifth-password-change',
};

/** The staff member tests/e2e/applications.spec.ts works applications as (its Reply-To address is set there). */
export const e2eApplicationsAdmin = {
  username: process.env['ADMIN_USERNAME_32'] ?? 'staff-zawadi',
  password: process.env['ADMIN_PASSWORD_32'] ?? 'e2e-applications-password',
};

/**
 * The staff member tests/e2e/inbox.spec.ts signs in and out as: their last visit is theirs alone, so no other spec's
 * visit moves it.
 */
export const e2eInboxOwner = {
  username: process.env['ADMIN_USERNAME_42'] ?? 'staff-akinyi',
  password: process.env['ADMIN_PASSWORD_42'] ?? 'e2e-inbox-password-change',
};

/** The staff member the walk through a staff week signs in and out as (tests/e2e/samu-site.spec.ts). */
export const e2eWeekOwner = {
  username: process.env['ADMIN_USERNAME_43'] ?? 'staff-mwikali',
  password: process.env['ADMIN_PASSWORD_43'] ?? 'e2e-week-password-change',
};
