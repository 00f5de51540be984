/** Staff account `npm start` bootstraps for the browser tests (from ADMIN_USERNAME / ADMIN_PASSWORD). */
export const e2eAdmin = {
  username: process.env['ADMIN_USERNAME'] ?? 'staff',
  password: process.env['ADMIN_PASSWORD'] ?? 'e2e-password-please-change',
};
