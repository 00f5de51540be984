/**
 * Staff accounts, for any signed-in staff member (there are no finer roles):
 * - `GET /api/admin/staff` → `{staff: [{id, username, email, createdAt, lastSignIn}], invitations: [{id, email, createdBy, expiresAt}]}`.
 * - `POST /api/admin/staff/invitations` `{email}` → 201 `{invitation: {id}}`: emails a one-time link (72 hours) to
 *   choose a username and password; 409 for an address a staff member already uses.
 * - `DELETE /api/admin/staff/invitations/<id>` → 204: withdraws an open invitation, whose link then answers 410;
 *   404 for no such invitation, 409 for one already used, withdrawn or expired.
 * - `POST /api/admin/staff/<id>/reset` → 202: emails that account a one-time link to set a new password.
 * - `DELETE /api/admin/staff/<id>` → 204: removes the account, ending its sessions at once; 409 for the last one.
 */
import type { Config, Context } from '@netlify/functions';
import { InvitationSchema } from '../../src/schemas/applications.ts';
import type { StaffList } from '../../src/schemas/staff-account.ts';
import { IdSchema, staffFunction } from './_shared/platform/admin-resource.ts';
import { error, invalid, json, methodNotAllowed, noContent, readJsonBody } from './_shared/platform/http.ts';
import { deliverAfterResponse } from './_shared/platform/outbox.ts';
import {
  AccountRefusal,
  invite,
  listStaff,
  removeStaff,
  sendReset,
  withdrawInvitation,
} from './_shared/staff/staff-accounts.ts';

export default staffFunction(async (req: Request, actor: string, context: Context) => {
  const { pathname } = new URL(req.url);
  try {
    if (pathname.replace(/\/$/, '').endsWith('/staff/invitations')) {
      if (req.method !== 'POST') return methodNotAllowed(['POST']);
      const body = await readJsonBody(req);
      if (!body.ok) return body.response;
      const parsed = InvitationSchema.safeParse(body.value);
      if (!parsed.success) return invalid(parsed.error, 'Invalid invitation');
      const id = await invite(actor, parsed.data.email);
      deliverAfterResponse(context);
      return json({ invitation: { id } }, 201);
    }
    // `/staff/invitations/<id>` also fits `/staff/:id/:action`, so it is told apart by its path.
    const invitation = /\/staff\/invitations\/([^/]+)\/?$/.exec(pathname)?.[1];
    if (invitation !== undefined) {
      if (req.method !== 'DELETE') return methodNotAllowed(['DELETE']);
      const invitationId = IdSchema.safeParse(decodeURIComponent(invitation));
      if (!invitationId.success) return invalid(invitationId.error, 'Malformed id', 'id');
      await withdrawInvitation(actor, invitationId.data);
      return noContent();
    }
    const rawId = context.params['id'];
    if (rawId === undefined) {
      if (req.method !== 'GET') return methodNotAllowed(['GET']);
      return json((await listStaff()) satisfies StaffList);
    }
    const id = IdSchema.safeParse(rawId);
    if (!id.success) return invalid(id.error, 'Malformed id', 'id');
    if (context.params['action'] !== undefined) {
      if (context.params['action'] !== 'reset') return error(404, 'Not found');
      if (req.method !== 'POST') return methodNotAllowed(['POST']);
      await sendReset(actor, id.data);
      deliverAfterResponse(context);
      return json({ ok: true }, 202);
    }
    if (req.method !== 'DELETE') return methodNotAllowed(['DELETE']);
    await removeStaff(actor, id.data);
    return noContent();
  } catch (failure) {
    if (failure instanceof AccountRefusal) return failure.response;
    throw failure;
  }
});

export const config: Config = {
  path: [
    '/api/admin/staff',
    '/api/admin/staff/invitations',
    '/api/admin/staff/invitations/:invitation',
    '/api/admin/staff/:id',
    '/api/admin/staff/:id/:action',
  ],
};
