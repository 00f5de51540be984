/**
 * A guardian's consent recorded after the child was added (a renewal, or a change of what it covers), and its
 * withdrawal, kept on record. Each is audited on the child's trail, under the child's lock.
 */
import { CONSENT_FORM_VERSION } from '../../../../src/lib/consent.ts';
import type { ConsentInput } from '../../../../src/schemas/children.ts';
import { transaction } from '../platform/db.ts';
import { lockChild, type ChildRef } from './child-records.ts';
import { childChanged } from './children.ts';

/** Records a new consent for the child `id`, worded as the current form; undefined for an unknown child. */
export async function recordConsent(id: string, consent: ConsentInput, actor: string): Promise<ChildRef | undefined> {
  return transaction(async (tx) => {
    const found = await lockChild(tx, id);
    if (!found) return undefined;
    await tx.query(
      `insert into child_consents (child_id, guardian_name, guardian_relation, given_on, valid_until, covers, form_ref,
         recorded_by, wording_version)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        consent.guardian_name,
        consent.guardian_relation,
        consent.given_on,
        consent.valid_until,
        consent.covers,
        consent.form_ref,
        actor,
        CONSENT_FORM_VERSION,
      ],
    );
    await childChanged(
      tx,
      actor,
      found,
      `consent recorded (${consent.form_ref}): covers ${consent.covers.join(', ')} until ${consent.valid_until}`,
    );
    return found;
  });
}

/**
 * Withdraws every current consent of the child `id`, with the guardian's `note`: the child, `missing` for an unknown
 * child, `none` when no consent was current.
 */
export async function withdrawConsent(id: string, note: string, actor: string): Promise<ChildRef | 'missing' | 'none'> {
  return transaction(async (tx) => {
    const child = await lockChild(tx, id);
    if (!child) return 'missing' as const;
    const withdrawn = await tx.query<{ form_ref: string }>(
      `update child_consents set withdrawn_at = now(), withdrawn_by = $2, withdrawal_note = $3
       where child_id = $1 and withdrawn_at is null returning form_ref`,
      [id, actor, note],
    );
    if (withdrawn.length === 0) return 'none' as const;
    await childChanged(
      tx,
      actor,
      child,
      `consent withdrawn (${withdrawn.map((row) => row.form_ref).join(', ')}): taken off the site`,
    );
    return child;
  });
}
