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
import type { Config, Context } from '@netlify/functions';
import type { z } from 'zod';
import { HolderChangeSchema, NoteSchema, ReplySchema, StateChangeSchema } from '../../src/schemas/applications.ts';
import { IdSchema, staffFunction } from './_shared/admin-resource.ts';
import { addNote, changeHolder, changeState, getApplication, Refusal, sendReply } from './_shared/applications.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/http.ts';
import { deliverAfterResponse } from './_shared/outbox.ts';

/** Each write: its body schema and what it does. */
const ACTIONS: Record<string, { schema: z.ZodType; run: (actor: string, id: string, body: never) => Promise<void> }> = {
  state: {
    schema: StateChangeSchema,
    run: (actor, id, body: z.infer<typeof StateChangeSchema>) => changeState(actor, id, body.state),
  },
  holder: {
    schema: HolderChangeSchema,
    run: (actor, id, body: z.infer<typeof HolderChangeSchema>) => changeHolder(actor, id, body.holder),
  },
  notes: { schema: NoteSchema, run: (actor, id, body: z.infer<typeof NoteSchema>) => addNote(actor, id, body.text) },
  reply: { schema: ReplySchema, run: (actor, id, body: z.infer<typeof ReplySchema>) => sendReply(actor, id, body) },
};

export default staffFunction(async (req: Request, actor: string, context: Context) => {
  const id = IdSchema.safeParse(context.params['id']);
  if (!id.success) return invalid(id.error, 'Malformed id', 'id');
  const action = context.params['action'];
  if (action === undefined) {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    return answer(id.data, actor);
  }
  const write = ACTIONS[action];
  if (!write || !Object.hasOwn(ACTIONS, action)) return error(404, 'Not found');
  if (req.method !== 'POST') return methodNotAllowed(['POST']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = write.schema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid request');
  try {
    await write.run(actor, id.data, parsed.data as never);
  } catch (failure) {
    if (failure instanceof Refusal) return failure.response;
    throw failure;
  }
  if (action === 'reply') deliverAfterResponse(context);
  return answer(id.data, actor);
});

async function answer(id: string, actor: string): Promise<Response> {
  const application = await getApplication(id, actor);
  return application ? json({ application }) : error(404, 'Application not found');
}

export const config: Config = {
  path: ['/api/admin/applications/:id', '/api/admin/applications/:id/:action'],
};
