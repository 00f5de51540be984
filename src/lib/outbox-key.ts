/** The localStorage key under which unsent public-form submissions wait (see outbox.ts). */
export const PENDING_SUBMISSIONS_KEY = 'pendingSubmissions';
