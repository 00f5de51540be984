/**
 * One application of the queue, for staff:
 * - `GET /api/admin/applications/<id>` → `{application}`: the full form, state, holder, due moment, overdue, its
 *   notes and emails (each with its outbox status), and for an accepted or declined application the `draft` reply: its
 *   kind and outcome's template (admin-reply-templates.ts) filled for the applicant and the staff member asking.
 * - `POST /api/admin/applications/<id>/state` `{state}`: move it on; a move the queue forbids is 409.
 * - `POST /api/admin/applications/<id>/holder` `{holder}`: give it to a staff member (username) or to nobody.
 * - `POST /api/admin/applications/<id>/notes` `{text}`: add a note.
 * - `POST /api/admin/applications/<id>/reply` `{subject, body}`: email the applicant of an accepted or declined
 *   application, Reply-To the staff member.
 * Each write answers the application as it now is.
 */
import type { Config } from '@netlify/functions';
import { HolderChangeSchema, NoteSchema, ReplySchema, StateChangeSchema } from '../../src/schemas/applications.ts';
import { addNote, changeHolder, changeState, getApplication, sendReply } from './_shared/applications/applications.ts';
import { caseAction, caseFunction } from './_shared/applications/case-endpoint.ts';
import { error, json } from './_shared/platform/http.ts';

export default caseFunction({
  actions: {
    state: caseAction(StateChangeSchema, (actor, id, body) => changeState(actor, id, body.state)),
    holder: caseAction(HolderChangeSchema, (actor, id, body) => changeHolder(actor, id, body.holder)),
    notes: caseAction(NoteSchema, (actor, id, body) => addNote(actor, id, body.text)),
    reply: caseAction(ReplySchema, (actor, id, body) => sendReply(actor, id, body)),
  },
  read: async (id, actor) => {
    const application = await getApplication(id, actor);
    return application ? json({ application }) : error(404, 'Application not found');
  },
});

export const config: Config = {
  path: ['/api/admin/applications/:id', '/api/admin/applications/:id/:action'],
};
