/**
 * The person's page calls (`/api/admin/people/*`): find everything held about one person, confirm a possible match,
 * export, correct, erase. Each change and export is audited with the reason staff give.
 */
import { call, callJson, readAnswer } from './api.ts';
import { filenameFromDisposition } from './lib/format.ts';
import { ErasureAnswer, PersonAnswer, type PossibleMatch } from '../schemas/people.ts';

export type { ErasureAnswer, PersonAnswer, PossibleMatch };

/** Who a person's page is about: an email address or a phone number. */
export type PersonKey = { readonly email?: string; readonly phone?: string };

/** Finds everything held about one person. */
export async function searchPerson(who: PersonKey): Promise<PersonAnswer> {
  return readAnswer(PersonAnswer, await callJson('/api/admin/people/search', { method: 'POST', json: who }));
}

/** Records that a possible match is the same person (audited with the reason). */
export async function linkPerson(who: PersonKey, identifier: string, reason: string): Promise<void> {
  await callJson('/api/admin/people/link', { method: 'POST', json: { ...who, identifier, reason } });
}

/** Exports one person's records as a file (audited with the reason). */
export async function exportPerson(
  who: PersonKey,
  reason: string,
  format: 'json' | 'csv',
): Promise<{ readonly blob: Blob; readonly filename: string }> {
  const response = await call('/api/admin/people/export', { method: 'POST', json: { ...who, reason, format } });
  const filename = filenameFromDisposition(response.headers.get('Content-Disposition')) ?? `person.${format}`;
  return { blob: await response.blob(), filename };
}

/** Corrects one field of one of the person's rows (audited with the reason). */
export async function correctPerson(change: {
  readonly table: string;
  readonly id: string;
  readonly column: string;
  readonly value: string;
  readonly reason: string;
}): Promise<void> {
  await callJson('/api/admin/people/correct', { method: 'POST', json: change });
}

/** Erases one person (audited with the reason). */
export async function erasePerson(who: PersonKey, reason: string): Promise<ErasureAnswer> {
  return readAnswer(
    ErasureAnswer,
    await callJson('/api/admin/people/erase', { method: 'POST', json: { ...who, reason } }),
  );
}
