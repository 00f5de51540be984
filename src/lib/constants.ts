/** Business constants that pages and data queries share. */

/** How many children /children and /sponsor show at most, and how many Home picks from. */
export const CHILDREN_SHOWN = 4;

/** How many of those children Home displays. */
export const HOME_CHILDREN_SHOWN = 2;

/** KES per USD used to show a child's monthly need in dollars. */
export const KES_PER_USD = 135;

/** The M-Pesa account number a donor types for a gift to all the children; a child's id sponsors that child. */
export const PAYBILL_GIFT_ACCOUNT = 'GIFT';
