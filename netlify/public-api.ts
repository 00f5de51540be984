/**
 * What code outside the functions may use of the server side: the site's build (its content loaders) reads published
 * rows, and their pictures' bytes from the blob store, through this module only, never through the functions' own
 * modules.
 */
export { transaction, type DatabaseTarget, type Queryable } from './functions/_shared/platform/db.ts';
export { describeConnectionFailure } from './functions/_shared/platform/connection-failure.ts';
export { withPictureBytes } from './functions/_shared/content/uploads.ts';
