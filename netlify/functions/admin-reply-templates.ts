/**
 * The reply templates of the applications queue and of contact messages, for staff:
 * - `GET /api/admin/reply-templates` → `{templates: [{kind, outcome, subject, body, updatedBy, updatedAt}],
 *   placeholders: {name: description, …}}`: one template per application kind and outcome (accepted, declined), and
 *   one for contact messages (`contact_submit`, `reply`).
 * - `PUT /api/admin/reply-templates/<kind>/<outcome>` `{subject, body}` → `{template}`: changes one; an empty subject
 *   or message, or a placeholder the composer does not know, is 400 with the field named; an unknown kind or
 *   outcome is 404.
 */
import type { Config } from '@netlify/functions';
import { REPLY_PLACEHOLDERS } from '../../src/lib/applications.ts';
import { isTemplateKey, outcomesOf, placeholdersOf } from '../../src/lib/reply-templates.ts';
import {
  replyTemplateSchema,
  type ReplyTemplateAnswer,
  type ReplyTemplatesAnswer,
} from '../../src/schemas/applications.ts';
import { staffFunction } from './_shared/platform/admin-resource.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { listReplyTemplates, saveReplyTemplate } from './_shared/applications/reply-templates.ts';

export default staffFunction(async (req, actor, context) => {
  const { kind, outcome } = context.params;
  if (kind === undefined || outcome === undefined) {
    if (req.method !== 'GET') return methodNotAllowed(['GET']);
    return json({
      templates: await listReplyTemplates(),
      placeholders: REPLY_PLACEHOLDERS,
    } satisfies ReplyTemplatesAnswer);
  }
  if (!isTemplateKey(kind, outcome)) return error(404, 'No such reply template');
  if (req.method !== 'PUT') return methodNotAllowed(['PUT']);
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const parsed = replyTemplateSchema(placeholdersOf(kind)).safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid reply template');
  const known = outcomesOf(kind).find((candidate) => candidate === outcome);
  if (!known) return error(404, 'No such reply template');
  return json({ template: await saveReplyTemplate(actor, kind, known, parsed.data) } satisfies ReplyTemplateAnswer);
});

export const config: Config = {
  path: ['/api/admin/reply-templates', '/api/admin/reply-templates/:kind/:outcome'],
};
