/**
 * `/api/admin/team[/<id>]`: the team of the About page, added, edited, reordered (`position`) and removed in /samu.
 * Listing first copies the members of src/content/team.json the table never held (the file is the seed); a copy
 * whose text still equals the file's keeps following the file. A photo must be in Media (400); a copied member may
 * keep its committed portrait. A change the About page shows asks for a site build.
 */
import type { Config, Context } from '@netlify/functions';
import seed from '../../src/content/team.json' with { type: 'json' };
import { FILE_PORTRAIT, TEAM_COLUMNS, TeamMemberSchema } from '../../src/schemas/team.ts';
import { resourceFunction, staffFunction, type ResourceWrite } from './_shared/platform/admin-resource.ts';
import type { ResourceAction } from './_shared/platform/audit.ts';
import { requestBuild } from './_shared/content/build-hook.ts';
import type { Queryable } from './_shared/platform/db.ts';
import { error } from './_shared/platform/http.ts';
import { changesSite, missingMedia } from './_shared/content/publishing.ts';
import { copySeed } from './_shared/content/seed-copy.ts';
import { SITE_STATE_COLUMNS } from './_shared/content/site-builds.ts';

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
async function copySeedTeam(): Promise<void> {
  await copySeed({
    table: 'team_members',
    ledger: 'team_seed_copies',
    seed,
    slugOf: (member) => member.id,
    row: seedValues,
  });
}

/** 400 when a committed portrait is not one of the file's. */
function strangePortrait(image: unknown): Response | undefined {
  if (typeof image !== 'string' || !FILE_PORTRAIT.test(image)) return undefined;
  if (seed.some((member) => member.image === image)) return undefined;
  const message = 'Pick the photo from Media (an address like /media/1/photo.jpg)';
  return error(400, message, [{ path: 'image', message }]);
}

/** Keeps `file_copy` true only while the member's text is the file's. */
async function markEdited(tx: Queryable, op: ResourceAction, row: Record<string, unknown>): Promise<void> {
  if (op !== 'update') return;
  const position = seed.findIndex((member) => member.id === row['slug']);
  const file = position < 0 ? undefined : seedValues(seed[position]!, position);
  const same = file !== undefined && TEXT_COLUMNS.every((column) => file[column] === row[column]);
  await tx.query('update team_members set file_copy = $2 where id = $1', [row['id'], same]);
}

const resource = resourceFunction({
  resource: 'team',
  table: 'team_members',
  columns: TEAM_COLUMNS,
  noun: 'team member',
  edit: { single: 'member', schema: TeamMemberSchema },
  deletable: true,
  auditColumns: ['slug', 'position', 'status'],
  select: [...SITE_STATE_COLUMNS, 'file_copy'],
  guard: async (write: ResourceWrite) => {
    if (!write.values) return undefined;
    const image = write.values['image'];
    if (typeof image === 'string' && FILE_PORTRAIT.test(image)) return strangePortrait(image);
    return missingMedia(write.values, 'image');
  },
  within: markEdited,
  after: async (op: ResourceAction, row: Record<string, unknown>, context: Context) => {
    if (!changesSite(op, row)) return;
    const what = op === 'delete' ? 'removed' : String(row['status']);
    await requestBuild(`${what} team member ${String(row['slug'])}`, context);
  },
});

export default staffFunction(async (req, _actor, context) => {
  if (req.method === 'GET' && context.params['id'] === undefined) await copySeedTeam();
  return resource(req, context);
});

export const config: Config = { path: ['/api/admin/team', '/api/admin/team/:id'] };
