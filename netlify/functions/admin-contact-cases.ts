/**
 * One contact message as a case, for staff:
 * - `GET /api/admin/contact-cases/<id>` → `{contact}`: the message, its status (open, replied, done), holder, due
 *   moment, overdue, its notes and replies (each with its outbox status), and the `draft` reply: the contact template
 *   (admin-reply-templates.ts) filled for the person and the staff member asking.
 * - `POST /api/admin/contact-cases/<id>/holder` `{holder}`: give it to a staff member (username) or to nobody.
 * - `POST /api/admin/contact-cases/<id>/notes` `{text}`: add a note.
 * - `POST /api/admin/contact-cases/<id>/reply` `{subject, body}`: email the person who wrote, from the office
 *   address with Reply-To the office; refused (409) once the message is done.
 * - `POST /api/admin/contact-cases/<id>/done` `{done}`: mark it done (it leaves the open queue) or open it again.
 * Each write answers the message as it now is. The list and deletion are `/api/admin/contacts` (admin-contacts.ts).
 */
import type { Config } from '@netlify/functions';
import { DoneSchema, HolderChangeSchema, NoteSchema, ReplySchema } from '../../src/schemas/cases.ts';
import { caseAction, caseFunction } from './_shared/applications/case-endpoint.ts';
import {
  addContactNote,
  changeContactHolder,
  getContactCase,
  markContactDone,
  sendContactReply,
} from './_shared/applications/contact-cases.ts';
import { error, json } from './_shared/platform/http.ts';

export default caseFunction({
  actions: {
    holder: caseAction(HolderChangeSchema, (actor, id, body) => changeContactHolder(actor, id, body.holder)),
    notes: caseAction(NoteSchema, (actor, id, body) => addContactNote(actor, id, body.text)),
    reply: caseAction(ReplySchema, (actor, id, body) => sendContactReply(actor, id, body)),
    done: caseAction(DoneSchema, (actor, id, body) => markContactDone(actor, id, body.done)),
  },
  read: async (id, actor) => {
    const contact = await getContactCase(id, actor);
    return contact ? json({ contact }) : error(404, 'Contact message not found');
  },
});

export const config: Config = {
  path: ['/api/admin/contact-cases/:id', '/api/admin/contact-cases/:id/:action'],
};
