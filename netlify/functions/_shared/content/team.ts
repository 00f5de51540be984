/**
 * The team of the About page as the table holds it: src/content/team.json is the seed, copied once per member, and a
 * copy keeps following the file while its text is still the file's.
 */
import seed from '../../../../src/content/team.json' with { type: 'json' };
import type { ResourceAction } from '../platform/audit.ts';
import type { Queryable } from '../platform/db.ts';
import { copySeed } from './seed-copy.ts';

/** A member of the file as the table stores it. */
function seedValues(member: (typeof seed)[number], position: number): Record<string, unknown> {
  return {
    slug: member.id,
    name: member.name,
    role: member.role,
    image: member.image,
    bio: member.bio,
    full_bio: member.fullBio.join('\n\n'),
    email: member.email,
    phone: member.phone,
    position,
  };
}

/** The columns whose text follows the file while a copy is unedited. */
const TEXT_COLUMNS = ['name', 'role', 'image', 'bio', 'full_bio', 'email', 'phone'] as const;

/** Copies the file's members never copied before (a removed copy stays removed), published, in the file's order. */
export async function copySeedTeam(): Promise<void> {
  await copySeed({
    table: 'team_members',
    ledger: 'team_seed_copies',
    seed,
    slugOf: (member) => member.id,
    row: seedValues,
  });
}

/** True when `image` is the committed portrait of one of the file's members. */
export function isSeedPortrait(image: string): boolean {
  return seed.some((member) => member.image === image);
}

/** Keeps `file_copy` true only while the member's text is the file's, after an update in the caller's transaction. */
export async function markEdited(tx: Queryable, op: ResourceAction, row: Record<string, unknown>): Promise<void> {
  if (op !== 'update') return;
  const position = seed.findIndex((member) => member.id === row['slug']);
  const file = position < 0 ? undefined : seedValues(seed[position]!, position);
  const same = file !== undefined && TEXT_COLUMNS.every((column) => file[column] === row[column]);
  await tx.query('update team_members set file_copy = $2 where id = $1', [row['id'], same]);
}
