/** The dashboard's calls for one contact message as a case (`/api/admin/contact-cases/<id>`). */
import { ContactCaseAnswerSchema, type ContactCase } from '../schemas/cases.ts';
import { ApiError, callJson } from './api.ts';

function readContact(body: unknown): ContactCase {
  const parsed = ContactCaseAnswerSchema.safeParse(body);
  if (!parsed.success) throw new ApiError(200, 'The contact message could not be read.');
  return parsed.data.contact;
}

/** Reads one contact message with its notes and replies. */
export async function fetchContactCase(id: string): Promise<ContactCase> {
  return readContact(await callJson(`/api/admin/contact-cases/${encodeURIComponent(id)}`));
}

/** Changes a contact message (`holder`, `notes`, `reply`, `done`); resolves to it as it now is. */
export async function changeContactCase(id: string, action: string, body: unknown): Promise<ContactCase> {
  return readContact(
    await callJson(`/api/admin/contact-cases/${encodeURIComponent(id)}/${action}`, { method: 'POST', json: body }),
  );
}
