/**
 * The machinery behind every `/api/admin/<resource>` function: the staff guard, newest-first lists
 * with a cursor, one record, create, update and delete, each write audited in its own transaction.
 * A resource function only describes its table (see admin-programs.ts).
 */
import type { Context } from '@netlify/functions';
import { z } from 'zod';
import { requireSession } from './auth.ts';
import { audit, type AdminResource, type ResourceAction } from './audit.ts';
import { isUniqueViolation, query, transaction, type Queryable } from './db.ts';
import { newestEventId } from './event-stream.ts';
import { failureAnswer } from './failure.ts';
import { badRequest, error, invalid, json, methodNotAllowed, noContent, readJsonBody } from './http.ts';
import type { SessionOwner } from './sessions.ts';

/** Largest create/update body: a long blog post in JSON. */
export const MAX_ADMIN_BODY_BYTES = 512 * 1024;

/** Deepest nesting a body may have; deeper JSON would exhaust the stack of recursive checks. */
export const MAX_BODY_DEPTH = 32;

/** Default and largest page of a list. */
export const LIST_LIMITS = { default: 100, max: 500 } as const;

/** What a staff-only handler gets: the request, the signed-in username, the Netlify context and the session. */
export type StaffHandler = (req: Request, actor: string, context: Context, session: SessionOwner) => Promise<Response>;

/** Describes one table served under `/api/admin/<resource>`. */
export interface ResourceSpec {
  /** Path segment after `/api/admin/`, also the field the list is wrapped in. */
  resource: AdminResource | 'events';
  /** Table name (a constant, never input). */
  table: string;
  /** Columns of an answer row besides `id` and `ts`; for editable resources also the body fields. */
  columns: readonly string[];
  /** Singular noun for messages (`program`). */
  noun: string;
  /** Makes the resource editable: `GET`/`PUT` of one record and `POST`, with this body schema. */
  edit?: {
    /** Field one record is wrapped in (`program`, `post`, `media`). */
    single: string;
    /** Schema of create and update bodies; its output keys are `columns`. */
    schema: z.ZodType<Record<string, unknown>>;
  };
  /** Allows `DELETE /api/admin/<resource>/<id>`. */
  deletable?: boolean;
  /** Columns kept in audit events: public content only, never a person's details. */
  auditColumns?: readonly string[];
  /** Turns column values into their answer form (e.g. numeric text to a number). */
  convert?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Read-only select-list expressions added to every answer row (computed state, related files). */
  select?: readonly string[];
  /** Checks a write against more than its body (e.g. slugs used by files); an answer refuses the write. */
  guard?: (write: ResourceWrite) => Promise<Response | undefined>;
  /** Runs inside a write's transaction with the written row and who wrote it (e.g. removing the file of a deleted entry). */
  within?: (tx: Queryable, op: ResourceAction, row: Record<string, unknown>, actor: string) => Promise<void>;
  /** Runs after a write is committed, with its answer row (e.g. asking for a site build). */
  after?: (op: ResourceAction, row: Record<string, unknown>, context: Context) => Promise<void>;
}

/** A create, update or delete about to happen: its id (update, delete) and validated body (create, update). */
export interface ResourceWrite {
  op: ResourceAction;
  id?: string;
  values?: Record<string, unknown>;
}

/** Largest bigint; ids above it are malformed, not unknown. */
const MAX_ID = 9_223_372_036_854_775_807n;

/** A positive bigint id written in decimal. */
export const IdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,18}$/, 'Expected a positive whole number')
  .refine((value) => !/^[0-9]+$/.test(value) || BigInt(value) <= MAX_ID, 'Id is too large');

const ListQuery = z.object({
  limit: z.coerce
    .number('Limit must be a number')
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(LIST_LIMITS.max, `Limit must be at most ${LIST_LIMITS.max}`)
    .default(LIST_LIMITS.default),
  cursor: IdSchema.optional(),
});

/**
 * Wraps a staff-only handler: 401 without a live session token, and an answer instead of a crash
 * when the server is misconfigured (500) or the database is unreachable (503).
 */
export function staffFunction(handler: StaffHandler): (req: Request, context: Context) => Promise<Response> {
  return async (req, context) => {
    try {
      const session = await requireSession(req);
      if (session instanceof Response) return session;
      return await handler(req, session.username, context, session);
    } catch (failure) {
      return failureAnswer(failure, new URL(req.url).pathname);
    }
  };
}

/**
 * The whole function of a resource: `/api/admin/<resource>` or, with Netlify's `context.params.id` (its `config.path`
 * declares `/api/admin/<resource>/:id`), one record. The platform hands the segment over as written, still
 * percent-encoded, so it is decoded here: a malformed encoding is the caller's mistake (400), not a crash.
 */
export function resourceFunction(spec: ResourceSpec): (req: Request, context: Context) => Promise<Response> {
  return staffFunction(async (req, actor, context) => {
    const rawId = context.params['id'];
    if (rawId === undefined) return collection(spec, req, actor, context);
    const id = decodeSegment(rawId);
    if (id === undefined) return badRequest('Malformed id', [{ path: 'id', message: 'Invalid percent-encoding' }]);
    return item(spec, req, actor, id, context);
  });
}

/** A percent-encoded path segment decoded, or undefined when its encoding is malformed (`%E0`, `%zz`). */
export function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

async function collection(spec: ResourceSpec, req: Request, actor: string, context: Context): Promise<Response> {
  const allowed = spec.edit ? ['GET', 'POST'] : ['GET'];
  if (req.method === 'GET') return list(spec, new URL(req.url).searchParams);
  if (req.method === 'POST' && spec.edit) return create(spec, spec.edit, req, actor, context);
  return methodNotAllowed(allowed);
}

async function item(
  spec: ResourceSpec,
  req: Request,
  actor: string,
  rawId: string,
  context: Context,
): Promise<Response> {
  const allowed = [...(spec.edit ? ['GET', 'PUT'] : []), ...(spec.deletable ? ['DELETE'] : [])];
  if (allowed.length === 0) return error(404, 'Not found');
  if (!allowed.includes(req.method)) return methodNotAllowed(allowed);
  const id = IdSchema.safeParse(rawId);
  if (!id.success) return invalid(id.error, 'Malformed id', 'id');
  if (req.method === 'DELETE') return remove(spec, id.data, actor, context);
  if (!spec.edit) return methodNotAllowed(allowed);
  if (req.method === 'GET') return getOne(spec, spec.edit, id.data);
  return update(spec, spec.edit, id.data, req, actor, context);
}

const selectList = (spec: ResourceSpec) => ['id::text as id', 'ts', ...spec.columns, ...(spec.select ?? [])].join(', ');

/** An answer row: ISO timestamps, converted values. */
function toAnswer(spec: ResourceSpec, row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[key] = value instanceof Date ? value.toISOString() : value;
  return spec.convert ? spec.convert(out) : out;
}

const notFound = (spec: ResourceSpec) => error(404, `${spec.noun[0]?.toUpperCase()}${spec.noun.slice(1)} not found`);

/** Keeps what the audit trail may hold about a row. */
function auditDetails(spec: ResourceSpec, row: Record<string, unknown>): Record<string, unknown> {
  const details: Record<string, unknown> = { id: row['id'] };
  for (const column of spec.auditColumns ?? []) details[column] = row[column];
  return details;
}

async function list(spec: ResourceSpec, params: URLSearchParams): Promise<Response> {
  const parsed = ListQuery.safeParse(Object.fromEntries(params));
  if (!parsed.success) return invalid(parsed.error, 'Invalid list parameters');
  const { limit, cursor } = parsed.data;
  const eventsThrough = await newestEventId();
  const rows = await query(
    // `t.id`: a bare `id` in ORDER BY would mean the text column of the select list.
    `select ${selectList(spec)} from ${spec.table} t
     where ($1::bigint is null or t.id < $1::bigint) order by t.id desc limit $2`,
    [cursor ?? null, limit + 1],
  );
  const page = rows.slice(0, limit).map((row) => toAnswer(spec, row));
  const nextCursor = rows.length > limit ? (page.at(-1)?.['id'] ?? null) : null;
  return json({ [spec.resource]: page, nextCursor, eventsThrough });
}

async function getOne(spec: ResourceSpec, edit: NonNullable<ResourceSpec['edit']>, id: string): Promise<Response> {
  const [row] = await query(`select ${selectList(spec)} from ${spec.table} t where t.id = $1`, [id]);
  return row ? json({ [edit.single]: toAnswer(spec, row) }) : notFound(spec);
}

/** Reads and validates a create/update body, or gives the 4xx answer. */
async function readBody(
  spec: ResourceSpec,
  edit: NonNullable<ResourceSpec['edit']>,
  req: Request,
): Promise<{ values: unknown[]; data: Record<string, unknown> } | { response: Response }> {
  const body = await readJsonBody(req, MAX_ADMIN_BODY_BYTES);
  if (!body.ok) return { response: body.response };
  if (nestedDeeperThan(body.value, MAX_BODY_DEPTH)) {
    return { response: error(400, `Request body nests deeper than ${MAX_BODY_DEPTH} levels`) };
  }
  const parsed = edit.schema.safeParse(body.value);
  if (!parsed.success) return { response: invalid(parsed.error, `Invalid ${spec.noun}`) };
  return { values: spec.columns.map((column) => parsed.data[column]), data: parsed.data };
}

/** True when `value` has arrays or objects nested more than `max` deep (checked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (typeof current !== 'object' || current === null) continue;
    if (depth >= max) return true;
    for (const child of Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}

/** 409 for a slug another record already has, or undefined for any other failure. */
function conflict(spec: ResourceSpec, failure: unknown): Response | undefined {
  if (!isUniqueViolation(failure)) return undefined;
  return error(409, `Another ${spec.noun} already uses this slug`, [
    { path: 'slug', message: `Another ${spec.noun} already uses this slug` },
  ]);
}

async function create(
  spec: ResourceSpec,
  edit: NonNullable<ResourceSpec['edit']>,
  req: Request,
  actor: string,
  context: Context,
): Promise<Response> {
  const body = await readBody(spec, edit, req);
  if ('response' in body) return body.response;
  const refused = await spec.guard?.({ op: 'create', values: body.data });
  if (refused) return refused;
  const placeholders = spec.columns.map((_, i) => `$${i + 1}`).join(', ');
  try {
    const row = await transaction(async (tx) => {
      const [created] = await tx.query(
        `insert into ${spec.table} (${spec.columns.join(', ')}) values (${placeholders}) returning ${selectList(spec)}`,
        body.values,
      );
      if (!created) throw new Error(`insert into ${spec.table} returned no row`);
      await audit(tx, `admin.${spec.resource as AdminResource}.create`, actor, auditDetails(spec, created));
      await spec.within?.(tx, 'create', created, actor);
      return created;
    });
    const answer = toAnswer(spec, row);
    await spec.after?.('create', answer, context);
    return json({ [edit.single]: answer }, 201);
  } catch (failure) {
    const answer = conflict(spec, failure);
    if (answer) return answer;
    throw failure;
  }
}

async function update(
  spec: ResourceSpec,
  edit: NonNullable<ResourceSpec['edit']>,
  id: string,
  req: Request,
  actor: string,
  context: Context,
): Promise<Response> {
  const body = await readBody(spec, edit, req);
  if ('response' in body) return body.response;
  const refused = await spec.guard?.({ op: 'update', id, values: body.data });
  if (refused) return refused;
  const assignments = spec.columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
  try {
    const row = await transaction(async (tx) => {
      const [updated] = await tx.query(
        `update ${spec.table} set ${assignments}, updated_at = now() where id = $1 returning ${selectList(spec)}`,
        [id, ...body.values],
      );
      if (updated) {
        await audit(tx, `admin.${spec.resource as AdminResource}.update`, actor, auditDetails(spec, updated));
        await spec.within?.(tx, 'update', updated, actor);
      }
      return updated;
    });
    if (!row) return notFound(spec);
    const answer = toAnswer(spec, row);
    await spec.after?.('update', answer, context);
    return json({ [edit.single]: answer });
  } catch (failure) {
    const answer = conflict(spec, failure);
    if (answer) return answer;
    throw failure;
  }
}

async function remove(spec: ResourceSpec, id: string, actor: string, context: Context): Promise<Response> {
  const refused = await spec.guard?.({ op: 'delete', id });
  if (refused) return refused;
  const removed = await transaction(async (tx) => {
    const [row] = await tx.query(
      `delete from ${spec.table} where id = $1 returning ${['id::text as id', ...(spec.auditColumns ?? [])].join(', ')}`,
      [id],
    );
    if (row) {
      await audit(tx, `admin.${spec.resource as AdminResource}.delete`, actor, auditDetails(spec, row));
      await spec.within?.(tx, 'delete', row, actor);
    }
    return row;
  });
  if (!removed) return notFound(spec);
  await spec.after?.('delete', toAnswer(spec, removed), context);
  return noContent();
}
