/**
 * The staff endpoint of one kind of case (an application, a contact message): reading one case and running its
 * changes, each answered with the case as it now is.
 */
import type { Context } from '@netlify/functions';
import type { z } from 'zod';
import { IdSchema, staffFunction } from '../platform/admin-resource.ts';
import { Refusal } from './cases.ts';
import { error, invalid, methodNotAllowed, readJsonBody } from '../platform/http.ts';
import { deliverAfterResponse } from '../platform/outbox.ts';

/** One change of a case: its body schema, and what it does for staff member `actor`. */
export interface CaseAction<Schema extends z.ZodType = z.ZodType> {
  readonly schema: Schema;
  readonly run: (actor: string, id: string, body: z.infer<Schema>) => Promise<void>;
}

/** A {@link CaseAction}, typed by its schema. */
export const caseAction = <Schema extends z.ZodType>(
  schema: Schema,
  run: (actor: string, id: string, body: z.infer<Schema>) => Promise<void>,
): CaseAction => ({ schema, run }) as CaseAction;

/**
 * The staff endpoint of one kind of case, `…/<id>` and `…/<id>/<action>`: `GET` answers the case as `read` gives it
 * (404 when there is none); `POST` to an action parses its body with the action's schema, runs it (a {@link Refusal}
 * is answered as it says) and answers the case as it now is. A sent reply is delivered after the answer.
 */
export function caseFunction(options: {
  readonly actions: Readonly<Record<string, CaseAction>>;
  readonly read: (id: string, actor: string) => Promise<Response>;
}): (req: Request, context: Context) => Promise<Response> {
  return staffFunction(async (req, actor, context) => {
    const id = IdSchema.safeParse(context.params['id']);
    if (!id.success) return invalid(id.error, 'Malformed id', 'id');
    const name = context.params['action'];
    if (name === undefined) {
      if (req.method !== 'GET') return methodNotAllowed(['GET']);
      return options.read(id.data, actor);
    }
    const action = Object.hasOwn(options.actions, name) ? options.actions[name] : undefined;
    if (!action) return error(404, 'Not found');
    if (req.method !== 'POST') return methodNotAllowed(['POST']);
    const body = await readJsonBody(req);
    if (!body.ok) return body.response;
    const parsed = action.schema.safeParse(body.value);
    if (!parsed.success) return invalid(parsed.error, 'Invalid request');
    try {
      await action.run(actor, id.data, parsed.data);
    } catch (failure) {
      if (failure instanceof Refusal) return failure.response;
      throw failure;
    }
    if (name === 'reply') deliverAfterResponse(context);
    return options.read(id.data, actor);
  });
}
