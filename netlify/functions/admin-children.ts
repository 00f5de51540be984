/**
 * `/api/admin/children[/<id>]`: the children records. Listing first copies the committed seed children the table
 * lacks (with their consent); a new child is saved with the guardian's consent in one transaction or not at all;
 * every change is audited with what changed, and a change the public pages show asks for a site build.
 * Records are never deleted: a child who leaves is marked `programme: left`, and the consent history stays.
 */
import type { Config, Context } from '@netlify/functions';
import { CHILD_COLUMNS, ChildSchema, NewChildSchema } from '../../src/schemas/children.ts';
import { IdSchema, MAX_ADMIN_BODY_BYTES, resourceFunction, staffFunction } from './_shared/platform/admin-resource.ts';
import { copySeedChildren, rebuildForChild } from './_shared/children/children.ts';
import { CHILD_RECORD_COLUMNS, createChild, updateChild } from './_shared/children/child-records.ts';
import { isUniqueViolation } from './_shared/platform/db.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { missingMedia } from './_shared/content/publishing.ts';

/** List and one record, read through the generic admin resource. */
const read = resourceFunction({
  resource: 'children',
  table: 'children',
  columns: CHILD_COLUMNS,
  noun: 'child',
  edit: { single: 'child', schema: ChildSchema },
  select: CHILD_RECORD_COLUMNS,
});

const duplicate = (slug: string) => {
  const message = `Another child already has the id "${slug}"; choose another`;
  return error(409, message, [{ path: 'slug', message }]);
};

/** 400 when a published child's photo is not (or no longer) in Media. */
async function photoMissing(values: Record<string, unknown>): Promise<Response | undefined> {
  const image = typeof values['image'] === 'string' ? values['image'] : '';
  if (!image.startsWith('/media/')) return undefined;
  return missingMedia({ status: values['status'], image }, 'image');
}

/** Whether the public pages may change: the child is or was published. */
const onSite = (row: Record<string, unknown>) => {
  const { site_changed_at: changed, updated_at: updated } = answer(row);
  return changed !== null && changed === updated;
};

function answer(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

async function create(req: Request, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = NewChildSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid child');
  const child = parsed.data;
  const refused = await photoMissing(child);
  if (refused) return refused;
  try {
    const row = await createChild(child, actor);
    if (onSite(row)) await rebuildForChild(child.slug, 'child published', context);
    return json({ child: answer(row) }, 201);
  } catch (failure) {
    if (isUniqueViolation(failure)) return duplicate(child.slug);
    throw failure;
  }
}

async function update(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = ChildSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid child');
  const child = parsed.data;
  const refused = await photoMissing(child);
  if (refused) return refused;
  try {
    const result = await updateChild(id, child, actor);
    if (!result) return error(404, 'Child not found');
    if (result.changed && onSite(result.row)) await rebuildForChild(child.slug, 'child edited', context);
    return json({ child: answer(result.row) });
  } catch (failure) {
    if (isUniqueViolation(failure)) return duplicate(child.slug);
    throw failure;
  }
}

export default staffFunction(async (req, actor, context) => {
  const id = context.params['id'];
  if (req.method === 'GET') {
    if (id === undefined) await copySeedChildren();
    return read(req, context);
  }
  if (req.method === 'POST' && id === undefined) return create(req, actor, context);
  if (req.method === 'PUT' && id !== undefined) {
    const valid = IdSchema.safeParse(id);
    if (!valid.success) return invalid(valid.error, 'Malformed id', 'id');
    return update(req, valid.data, actor, context);
  }
  return methodNotAllowed(id === undefined ? ['GET', 'POST'] : ['GET', 'PUT']);
});

export const config: Config = { path: ['/api/admin/children', '/api/admin/children/:id'] };
