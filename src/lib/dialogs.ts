/**
 * Ids of the dialogs static pages open with Invoker Commands (`commandfor`), shared by the Astro components that
 * render the openers and the islands that render the dialogs.
 */

/** The details dialog of one event (programs page). */
export const eventDialogId = (eventId: string): string => `event-${eventId}`;

/** The school volunteering application. */
export const SCHOOL_APPLY_DIALOG = 'school-apply';

/** The hospital internship application. */
export const INTERNSHIP_APPLY_DIALOG = 'internship-apply';
