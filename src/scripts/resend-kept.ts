/**
 * Resends the offline outbox from any page, forms or not. The layout loads this file only when a submission is kept,
 * so a page with an empty outbox fetches nothing more.
 */
import { watchOutbox } from '../lib/outbox.ts';

watchOutbox();
