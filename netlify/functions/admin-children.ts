/**
 * `/api/admin/children[/<id>]`: the children records. Listing first copies the committed seed children the table
 * lacks (with their consent); a new child is saved with the guardian's consent in one transaction or not at all;
 * every change is audited with what changed, and a change the public pages show asks for a site build.
 * Records are never deleted: a child who leaves is marked `programme: left`, and the consent history stays.
 */
import type { Config, Context } from '@netlify/functions';
import { CHILD_COLUMNS, ChildSchema, NewChildSchema } from '../../src/schemas/children.ts';
import { IdSchema, MAX_ADMIN_BODY_BYTES, resourceFunction, staffFunction } from './_shared/platform/admin-resource.ts';
import { audit } from './_shared/platform/audit.ts';
import { CHILD_STATE_COLUMNS, childChanged, copySeedChildren, rebuildForChild } from './_shared/children/children.ts';
import { isUniqueViolation, transaction } from './_shared/platform/db.ts';
import { error, invalid, json, methodNotAllowed, readJsonBody } from './_shared/platform/http.ts';
import { missingMedia } from './_shared/content/publishing.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';

const SELECT = [...SITE_STATE_COLUMNS, ...CHILD_STATE_COLUMNS, 'file_copy'];

/** List and one record, read through the generic admin resource. */
const read = resourceFunction({
  resource: 'children',
  table: 'children',
  columns: CHILD_COLUMNS,
  noun: 'child',
  edit: { single: 'child', schema: ChildSchema },
  select: SELECT,
});

const selectList = ['id::text as id', 'ts', ...CHILD_COLUMNS, ...SELECT].join(', ');

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
  const columns = CHILD_COLUMNS.join(', ');
  const placeholders = CHILD_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  try {
    const row = await transaction(async (tx) => {
      const [created] = await tx.query(
        `insert into children (${columns}) values (${placeholders}) returning id::text as id, slug`,
        CHILD_COLUMNS.map((column) => child[column]),
      );
      if (!created) throw new Error('insert into children returned no row');
      await tx.query(
        `insert into child_consents (child_id, guardian_name, guardian_relation, given_on, valid_until, covers, form_ref, recorded_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          created['id'],
          child.guardian_name,
          child.guardian_relation,
          child.given_on,
          child.valid_until,
          child.covers,
          child.form_ref,
          actor,
        ],
      );
      await audit(tx, 'admin.children.create', actor, {
        id: created['id'],
        child: child.slug,
        change: `added (${child.status}) with consent covering ${child.covers.join(', ')} until ${child.valid_until}`,
      });
      const [full] = await tx.query(`select ${selectList} from children t where id = $1`, [created['id']]);
      return full!;
    });
    if (onSite(row)) await rebuildForChild(child.slug, 'child published', context);
    return json({ child: answer(row) }, 201);
  } catch (failure) {
    if (isUniqueViolation(failure)) return duplicate(child.slug);
    throw failure;
  }
}

/** The profile columns whose value differs between two rows. */
function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return CHILD_COLUMNS.filter((column) => JSON.stringify(before[column]) !== JSON.stringify(after[column]));
}

async function update(req: Request, id: string, actor: string, context: Context): Promise<Response> {
  const body = await readJsonBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return body.response;
  const parsed = ChildSchema.safeParse(body.value);
  if (!parsed.success) return invalid(parsed.error, 'Invalid child');
  const child = parsed.data;
  const refused = await photoMissing(child);
  if (refused) return refused;
  const assignments = CHILD_COLUMNS.map((column, i) => `${column} = $${i + 2}`).join(', ');
  try {
    const result = await transaction(async (tx) => {
      const [before] = await tx.query(`select ${selectList} from children t where id = $1 for update`, [id]);
      if (!before) return undefined;
      const changed = changedColumns(before, child);
      if (changed.length === 0) return { row: before, changed: false };
      await tx.query(`update children set ${assignments}, file_copy = false where id = $1`, [
        id,
        ...CHILD_COLUMNS.map((column) => child[column]),
      ]);
      await childChanged(tx, actor, { id, slug: child.slug }, `edited: ${changed.join(', ')}`);
      const [after] = await tx.query(`select ${selectList} from children t where id = $1`, [id]);
      return { row: after!, changed: true };
    });
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
